import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, describe, expect, it } from 'vitest';
import { readOggVorbisLength } from './ogg-vorbis-length';
import { readSongFolder } from './read-song-folder';
import { oggVorbis, tone } from './testing/real-world-audio';
import { write } from './testing/song-files';

const songsDir = mkdtempSync(path.join(tmpdir(), 'ogg-length-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));

// Encoding Vorbis in WebAssembly takes seconds on a loaded machine.
describe('the length of an Ogg Vorbis file from its tail', { timeout: 60_000 }, () => {
  it('is what music-metadata finds reading every page, and the scan gives it', async () => {
    const bytes = await oggVorbis(tone(8, 44_100, 2), 44_100);
    const file = write(path.join(songsDir, 'whole', 'keys.ogg'), bytes);
    const everyPage = (await parseFile(file, { duration: true, skipCovers: true })).format.duration!;
    const fromTail = await readOggVorbisLength(file);
    expect(fromTail).toEqual({ samples: Math.round(everyPage * 44_100), complete: true });
    const { files } = await readSongFolder(path.join(songsDir, 'whole'), songsDir);
    expect(files.problems).toEqual([]);
    expect(files.stems.map((stem) => stem.durationSeconds)).toEqual([everyPage]);
  });

  it('says a file cut short is not complete, and the scan keeps what is there and says so', async () => {
    const bytes = await oggVorbis(tone(8, 44_100, 1), 44_100);
    const file = write(path.join(songsDir, 'cut', 'bass.ogg'), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const length = await readOggVorbisLength(file);
    expect(length?.complete).toBe(false);
    expect(length!.samples / 44_100).toBeGreaterThan(2);
    expect(length!.samples / 44_100).toBeLessThan(6);
    const { files } = await readSongFolder(path.join(songsDir, 'cut'), songsDir);
    expect(files.stems.map((stem) => stem.durationSeconds)).toEqual([length!.samples / 44_100]);
    expect(files.problems).toEqual([{ file: 'bass.ogg', message: expect.stringMatching(/ends early/) }]);
  });
});
