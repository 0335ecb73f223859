import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { songsDirIsEmpty } from './prepare-song-library';

describe('the first-start library checks', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'woodshed-songs-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('counts a missing directory, an empty one and one with only dot-folders and files as empty', async () => {
    expect(await songsDirIsEmpty(path.join(root, 'missing'))).toBe(true);
    expect(await songsDirIsEmpty(root)).toBe(true);
    await mkdir(path.join(root, '.partial-neon-tidewater'));
    await writeFile(path.join(root, 'notes.txt'), 'not a song');
    expect(await songsDirIsEmpty(root)).toBe(true);
    await mkdir(path.join(root, 'neon-tidewater'));
    expect(await songsDirIsEmpty(root)).toBe(false);
  });
});
