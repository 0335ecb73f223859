import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, describe, expect, it } from 'vitest';
import { readMp3PlayableLength } from './mp3-playable-length';
import { readSongFolder } from './read-song-folder';
import { write } from './testing/song-files';
import { countAudioFileOpens } from './testing/audio-file-opens';
import { gaplessMp3, lameEncoderDelay } from './testing/gapless-mp3';
import { id3v2Tag, mp3, tone } from './testing/real-world-audio';

const songsDir = mkdtempSync(path.join(tmpdir(), 'mp3-length-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));

/** `bytes` saved at `relative` in the songs folder; answers the file's path. */
const saved = (relative: string, bytes: Buffer) => write(path.join(songsDir, relative), bytes);

describe('the playable length of an MP3', () => {
  it("is its Info frame's frames less LAME's delay and padding: the samples encoded, not whole frames' worth", async () => {
    // Two seconds at 44.1 kHz, stereo, behind a tag with cover art (the tag is skipped, not read).
    const samples = 88_200;
    const { file: encoded, frames } = await gaplessMp3(tone(samples / 44_100, 44_100, 2), 44_100);
    const file = saved('tagged.mp3', Buffer.concat([id3v2Tag({ title: 'Gapless', artist: 'Woodshed', coverBytes: 40_000 }), encoded]));
    expect(await readMp3PlayableLength(file)).toEqual({ samples, sampleRate: 44_100 });
    // The header's length counts whole frames: the encoder's delay and padding more, about 30 ms here.
    const header = (await parseFile(file, { duration: true, skipCovers: true })).format.duration!;
    expect(header).toBeCloseTo((frames * 1152) / 44_100, 6);
    expect((header - samples / 44_100) * 1000).toBeGreaterThan((lameEncoderDelay / 44_100) * 1000);
  });

  it('is the scanned stem duration and the song length', async () => {
    const seconds = 1.5;
    saved(path.join('gapless', 'bass.mp3'), (await gaplessMp3(tone(seconds, 48_000, 1), 48_000)).file);
    const { files } = await readSongFolder(path.join(songsDir, 'gapless'), songsDir);
    expect(files.problems).toEqual([]);
    expect(files.stems.map((stem) => [stem.filename, stem.durationSeconds])).toEqual([['bass.mp3', seconds]]);
    expect(files.durationSeconds).toBe(seconds);
    // A scan before this knew the header's length: the unchanged file's length is corrected, once.
    const { playableLength, ...read } = files.stems[0]!;
    expect(playableLength).toBe(true);
    const header = { ...read, durationSeconds: 1.536 };
    const rescanned = await readSongFolder(path.join(songsDir, 'gapless'), songsDir, { stems: [header], problems: [] });
    expect(rescanned.files.stems).toEqual(files.stems);
    // Corrected once, and said so: the scans after it do not open the file again.
    const opens = countAudioFileOpens();
    try {
      expect((await readSongFolder(path.join(songsDir, 'gapless'), songsDir, rescanned.files)).files).toEqual(files);
    } finally {
      opens.stop();
    }
    expect(opens.paths).toEqual([]);
  });

  it('is undefined for an MP3 that declares no delay and padding (its frames are what it plays)', async () => {
    const plain = saved('plain.mp3', await mp3(tone(1, 44_100, 1), 44_100));
    expect(await readMp3PlayableLength(plain)).toBeUndefined();
    expect(await readMp3PlayableLength(saved('text.mp3', Buffer.from('not an mp3 at all '.repeat(50))))).toBeUndefined();
  });
});
