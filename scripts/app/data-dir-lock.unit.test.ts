import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

describe.runIf(process.platform !== 'win32')('lockDataDir', () => {
  let parent: string | undefined;
  afterEach(async () => {
    if (parent) await rm(parent, { recursive: true, force: true });
    parent = undefined;
  });

  it('creates the data directory and its lock file for the owner only', async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'woodshed-lock-'));
    const dataDir = path.join(parent, 'data');
    const release = await lockDataDir(dataDir, 'test');
    try {
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      const [lockFile] = await readdir(dataDir);
      expect((await stat(path.join(dataDir, lockFile!))).mode & 0o777).toBe(0o600);
    } finally {
      await release();
    }
  });
});
