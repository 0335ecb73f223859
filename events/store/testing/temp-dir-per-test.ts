import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * For a describe block whose tests each want a folder of their own on disk: the answered function
 * makes one in the system's temporary folder, its name starting with `prefix`, and after each test
 * it is removed with everything in it.
 */
export function tempDirPerTest(prefix: string): () => Promise<string> {
  let made: string | undefined;
  afterEach(async () => {
    if (made) await rm(made, { recursive: true, force: true });
    made = undefined;
  });
  return async () => {
    made = await mkdtemp(path.join(tmpdir(), prefix));
    return made;
  };
}
