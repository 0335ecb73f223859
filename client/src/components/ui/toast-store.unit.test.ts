import { describe, expect, it } from 'vitest';
import { createToastStore, TOAST_DURATION_MS } from './toast-store';
import type { ToastTimers } from './toast-store';

/** Timers driven by hand: `advance(ms)` fires what is due. */
function manualTimers(): ToastTimers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let nextHandle = 1;
  const due = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      const handle = nextHandle++;
      due.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [handle, entry] of [...due]) {
        if (entry.at <= now) {
          due.delete(handle);
          entry.callback();
        }
      }
    },
    pending: () => due.size,
  };
}

describe('toast store', () => {
  it('shows a toast for 5 seconds, then hides it', () => {
    const timers = manualTimers();
    const store = createToastStore(timers);
    const toast = store.show({ title: 'Check your email', description: "We've sent you a magic link and code to sign in." });
    expect(store.getSnapshot()).toEqual(toast);
    timers.advance(TOAST_DURATION_MS - 1);
    expect(store.getSnapshot()).toEqual(toast);
    timers.advance(1);
    expect(store.getSnapshot()).toBeNull();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows one toast at a time: a new one replaces the old and gets its own 5 seconds', () => {
    const timers = manualTimers();
    const store = createToastStore(timers);
    store.show({ title: 'Check your email' });
    timers.advance(4000);
    const error = store.show({ title: 'Error', description: 'Invalid code. Please try again.', variant: 'destructive' });
    expect(store.getSnapshot()).toEqual(error);
    expect(timers.pending()).toBe(1);
    timers.advance(4000);
    expect(store.getSnapshot()).toEqual(error);
    timers.advance(1000);
    expect(store.getSnapshot()).toBeNull();
  });

  it('gives repeated texts a new id, so the same message shown twice restarts', () => {
    const store = createToastStore(manualTimers());
    const first = store.show({ title: 'Error' });
    const second = store.show({ title: 'Error' });
    expect(second.id).not.toBe(first.id);
  });

  it('dismisses only the toast that is still shown', () => {
    const timers = manualTimers();
    const store = createToastStore(timers);
    const old = store.show({ title: 'Logged out' });
    const shown = store.show({ title: 'Success' });
    store.dismiss(old.id);
    expect(store.getSnapshot()).toEqual(shown);
    store.dismiss(shown.id);
    expect(store.getSnapshot()).toBeNull();
    expect(timers.pending()).toBe(0);
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const timers = manualTimers();
    const store = createToastStore(timers);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.show({ title: 'A' });
    timers.advance(TOAST_DURATION_MS);
    expect(calls).toBe(2);
    unsubscribe();
    store.show({ title: 'B' });
    expect(calls).toBe(2);
  });
});
