import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has the <dialog> element but not its methods. These give it their state only (the `open`
// attribute and the `close` event), which is what a screen's own logic reads; focus, the inert page
// behind and Escape are the browser's, and the browser tests check them.
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
