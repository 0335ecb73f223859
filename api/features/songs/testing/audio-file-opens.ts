import type * as FsCallbacks from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { isStemFilename } from '../read-song-folder';

const require = createRequire(import.meta.url);
const fsPromises = require('node:fs/promises') as typeof FsPromises;
const fsCallbacks = require('node:fs') as typeof FsCallbacks;

/** The audio files (stem extensions) this process has opened since {@link countAudioFileOpens}, by path. */
export interface AudioFileOpens {
  paths: string[];
  /** Put node:fs back as it was. */
  stop(): void;
}

const pathOf = (target: unknown): string | undefined => (typeof target === 'string' ? target : target instanceof URL ? target.pathname : Buffer.isBuffer(target) ? target.toString() : undefined);

/**
 * Counts every open of an audio file by this process (its main thread: the analysis worker has a
 * node:fs of its own) by wrapping node:fs's open functions, named imports included (their live
 * bindings are synced). What the scan reads of audio, whichever library or module reads it, is opened here first.
 */
export function countAudioFileOpens(): AudioFileOpens {
  const paths: string[] = [];
  const note = (target: unknown) => {
    const file = pathOf(target);
    if (file !== undefined && isStemFilename(file.slice(file.lastIndexOf('/') + 1))) paths.push(file);
  };
  const originals = { promisesOpen: fsPromises.open, open: fsCallbacks.open, openSync: fsCallbacks.openSync, createReadStream: fsCallbacks.createReadStream };
  // Each open function as it was, with every path it is given noted first.
  const noting = <Open>(open: Open): Open =>
    ((target: unknown, ...rest: unknown[]) => {
      note(target);
      return (open as (...args: unknown[]) => unknown)(target, ...rest);
    }) as Open;
  fsPromises.open = noting(originals.promisesOpen);
  fsCallbacks.open = noting(originals.open);
  fsCallbacks.openSync = noting(originals.openSync);
  fsCallbacks.createReadStream = noting(originals.createReadStream);
  syncBuiltinESMExports();
  return {
    paths,
    stop() {
      fsPromises.open = originals.promisesOpen;
      fsCallbacks.open = originals.open;
      fsCallbacks.openSync = originals.openSync;
      fsCallbacks.createReadStream = originals.createReadStream;
      syncBuiltinESMExports();
    },
  };
}
