import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStorageNotice, quietStorageNotice } from './storage-notice';

function recordingConsole() {
  const warned: unknown[][] = [];
  return { warned, target: { warn: (...args: unknown[]) => void warned.push(args) } };
}

describe("RxDB's storage notice", () => {
  it('is what the installed Dexie storage prints on its first write', async () => {
    // The notice's text lives in the storage's source; an RxDB upgrade that rewords it shows here.
    const rxdbRoot = path.dirname(createRequire(import.meta.url).resolve('rxdb/package.json'));
    const source = await readFile(path.join(rxdbRoot, 'dist/esm/plugins/storage-dexie/rx-storage-instance-dexie.js'), 'utf8');
    const firstLine = /console\.warn\(\['([^']*)'/.exec(source)?.[1];
    expect(firstLine).toBeDefined();
    expect(isStorageNotice([`${firstLine}\nmore lines`])).toBe(true);
  });

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
