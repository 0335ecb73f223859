import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../events/store/testing/temp-dir-per-test';
import { lockDataDir } from './data-dir-lock';

describe.runIf(process.platform !== 'win32')('lockDataDir', () => {
  const tempDir = tempDirPerTest('woodshed-lock-');

  it('creates the data directory and its lock file for the owner only', async () => {
    const parent = await tempDir();
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
