import { describe, expect, it } from 'vitest';
import { quietStorageNotice } from './storage-notice';

function recordingConsole() {
  const warned: unknown[][] = [];
  return { warned, target: { warn: (...args: unknown[]) => void warned.push(args) } };
}

// The notice as RxDB 17 prints it; a rewording in an upgrade shows in the browser test of a quiet
// console (client/e2e/quiet-console.e2e.test.ts).
describe("RxDB's storage notice", () => {
  it('is dropped, and every other warning passes through with its arguments', () => {
    const { warned, target } = recordingConsole();
    quietStorageNotice(target);
    quietStorageNotice(target);
    const error = new Error('offline');
    target.warn('-------------- RxDB Open Core RxStorage -------------------------------\nYou are using the free Dexie.js based RxStorage');
    target.warn('Sync of songs failed; retrying', error);
    target.warn('-------------- RxDB Open Core RxStorage', 'and something else');
    expect(warned).toEqual([['Sync of songs failed; retrying', error], ['-------------- RxDB Open Core RxStorage', 'and something else']]);
  });
});
