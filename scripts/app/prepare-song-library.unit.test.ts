import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../events/store/testing/temp-dir-per-test';
import { songsDirIsEmpty } from './prepare-song-library';

describe('the first-start library checks', () => {
  const tempDir = tempDirPerTest('woodshed-songs-');

  it('counts a missing directory, an empty one and one with only dot-folders and files as empty', async () => {
    const root = await tempDir();
    expect(await songsDirIsEmpty(path.join(root, 'missing'))).toBe(true);
    expect(await songsDirIsEmpty(root)).toBe(true);
    await mkdir(path.join(root, '.partial-neon-tidewater'));
    await writeFile(path.join(root, 'notes.txt'), 'not a song');
    expect(await songsDirIsEmpty(root)).toBe(true);
    await mkdir(path.join(root, 'neon-tidewater'));
    expect(await songsDirIsEmpty(root)).toBe(false);
  });
});
