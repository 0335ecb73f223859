import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SAMPLE_RATE = 44_100;

/** One fixture stem: a sine tone of `frequency` Hz for the song's length. */
interface FixtureStem {
  name: string;
  frequency: number;
}

/** A song of the fixture library, as the tests look it up. */
export interface FixtureSong {
  folder: string;
  title: string;
  seconds: number;
  stems: readonly FixtureStem[];
  withLyrics: boolean;
}

/** The two songs every fixture library holds; the titles are what the tests search for. */
export const fixtureSongs: readonly FixtureSong[] = [
  {
    folder: 'fixture-sine-parade',
    title: 'Sine Parade',
    seconds: 6,
    stems: [
      { name: 'drums', frequency: 110 },
      { name: 'bass', frequency: 165 },
      { name: 'guitar', frequency: 330 },
      { name: 'vocals', frequency: 440 },
    ],
    withLyrics: true,
  },
  {
    folder: 'fixture-quiet-hum',
    title: 'Quiet Hum',
    seconds: 4,
    stems: [
      { name: 'keys', frequency: 262 },
      { name: 'bass', frequency: 131 },
      { name: 'fx', frequency: 523 },
    ],
    withLyrics: false,
  },
];

/**
 * A 16-bit PCM mono WAV of a sine tone (RIFF header written by hand, so no audio library is
 * needed), at a level low enough that the stems of a song summed never clip.
 */
export function sineWav(frequency: number, seconds: number, amplitude = 0.2): Buffer {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let index = 0; index < samples; index++) {
    const value = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * frequency * index) / SAMPLE_RATE));
    wav.writeInt16LE(value, 44 + index * 2);
  }
  return wav;
}

// Word-stamped lines in the song folder format (docs/song-folder-format.md).
const fixtureLyrics = [
  '[Verse]',
  '[00:00.50]<00:00.50>Sine <00:01.00>waves <00:01.50>marching',
  '[00:02.50]<00:02.50>all <00:03.00>in <00:03.50>line',
  '[Chorus]',
  '[00:04.00]<00:04.00>Parade <00:04.60>of <00:05.00>tones',
  '',
].join('\n');

const fixtureChords = ['[00:00.00] C', '[00:02.00] Am', '[00:04.00] F', '[00:05.00] G', ''].join('\n');

/**
 * Writes the fixture songs directory into a new temporary directory and returns its path: per song
 * its WAV stems, a song.json, and for the first song a word-stamped lyrics.lrc and chords/master.txt.
 */
export async function writeFixtureSongs(): Promise<string> {
  const songsDir = await mkdtemp(path.join(tmpdir(), 'woodshed-e2e-songs-'));
  for (const [index, song] of fixtureSongs.entries()) {
    const folder = path.join(songsDir, song.folder);
    await mkdir(folder, { recursive: true });
    for (const stem of song.stems) await writeFile(path.join(folder, `${stem.name}.wav`), sineWav(stem.frequency, song.seconds));
    const metadata = { title: song.title, genre: index === 0 ? 'Rock' : 'Ambient', genre2: index === 0 ? 'Pop' : undefined, key: 'C major', bpm: 120 - index * 30, difficulty: 3 + index };
    await writeFile(path.join(folder, 'song.json'), JSON.stringify(metadata, null, 2));
    if (song.withLyrics) {
      await writeFile(path.join(folder, 'lyrics.lrc'), fixtureLyrics);
      await mkdir(path.join(folder, 'chords'));
      await writeFile(path.join(folder, 'chords', 'master.txt'), fixtureChords);
    }
  }
  return songsDir;
}
