import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import decodeAac from '@audio/decode-aac';
import { parseFile } from 'music-metadata';
import { afterAll, describe, expect, it } from 'vitest';
import { readM4aPlayableSeconds } from './m4a-playable-length';
import { readSongFolder } from './read-song-folder';
import { write } from './testing/song-files';
import { type SilentM4aOptions, silentM4a } from './testing/silent-m4a';

const songsDir = mkdtempSync(path.join(tmpdir(), 'm4a-length-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));

/** `bytes` saved at `relative` in the songs folder; answers the file's path. */
const saved = (relative: string, bytes: Buffer) => write(path.join(songsDir, relative), bytes);

/** Two seconds at 44.1 kHz behind Apple's 2112 samples of priming. */
const twoSeconds = { samples: 88_200, sampleRate: 44_100, channels: 2, priming: 2112 } as const;

describe('the playable length of an M4A', () => {
  const cases: Array<[string, SilentM4aOptions['gapless']]> = [
    ['an edit list (FFmpeg, newer Apple encoders)', { editList: { movieTimescale: 44_100 } }],
    ['an iTunSMPB tag (iTunes)', { iTunSmpb: true }],
    ['both', { editList: { movieTimescale: 44_100 }, iTunSmpb: true }],
  ];
  for (const [declared, gapless] of cases) {
    it(`is what the decoder plays, priming and padding left out, when ${declared} says so`, async () => {
      const { file: bytes, mediaSamples } = silentM4a({ ...twoSeconds, gapless });
      const file = saved(`${declared.split(' ')[1]}.m4a`, bytes);
      // What plays: the decoder honours the same declarations as browsers do.
      const decoded = await decodeAac(new Uint8Array(bytes));
      expect(decoded.channelData[0]!.length).toBe(twoSeconds.samples);
      expect(await readM4aPlayableSeconds(file)).toBeCloseTo(2, 9);
      // The header counts the whole media: the priming and the last frame's padding more, 60 ms here.
      expect((await parseFile(file, { duration: true })).format.duration).toBeCloseTo(mediaSamples / 44_100, 9);
    });
  }

  it('is cut to the edit, to within a tick, when the movie counts milliseconds (FFmpeg)', async () => {
    const samples = 44_123;
    const { file: bytes } = silentM4a({ ...twoSeconds, samples, gapless: { editList: { movieTimescale: 1000 } } });
    const seconds = (await readM4aPlayableSeconds(saved('ms.m4a', bytes)))!;
    // The edit's whole milliseconds hide up to one: the decoder plays to the next, and so the length says.
    const decoded = (await decodeAac(new Uint8Array(bytes))).channelData[0]!.length;
    expect(Math.abs(seconds * 44_100 - decoded)).toBeLessThan(1);
    expect(seconds).toBeGreaterThanOrEqual(samples / 44_100);
    expect(seconds - samples / 44_100).toBeLessThan(0.001);
  });

  it('is the scanned stem duration and the song length', async () => {
    saved(path.join('gapless', 'keys.m4a'), silentM4a({ ...twoSeconds, samples: 66_150, channels: 1, gapless: { editList: { movieTimescale: 44_100 } } }).file);
    const { files } = await readSongFolder(path.join(songsDir, 'gapless'), songsDir);
    expect(files.problems).toEqual([]);
    expect(files.stems.map((stem) => [stem.filename, stem.durationSeconds])).toEqual([['keys.m4a', 1.5]]);
    expect(files.durationSeconds).toBe(1.5);
  });

  it('is undefined without any declaration, and for what is not an M4A', async () => {
    expect(await readM4aPlayableSeconds(saved('plain.m4a', silentM4a({ ...twoSeconds, gapless: {} }).file))).toBeUndefined();
    expect(await readM4aPlayableSeconds(saved('text.m4a', Buffer.from('not an m4a at all '.repeat(50))))).toBeUndefined();
  });
});
