import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks the dialog's methods: these set only its state (`open`, the `close` event); focus and inertness are checked in the browser tests.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const open = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  Object.assign(HTMLDialogElement.prototype, {
    show: open,
    showModal: open,
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
}

// Each test starts from an empty document: what one test rendered (and its timers) goes with it.
afterEach(() => cleanup());
