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
 * A drum click whose beats start after 0.7 s of silence (not a whole number of its 0.5 s beats, so its grid is not the
 * one from 0 s), for first-downbeat.e2e.test.ts. Its song.json gives no BPM or key: the scan analyses it, and with the
 * BPM finds its first downbeat. No test edits it, so the library's other readers always see it as written.
 */
export const lateClick = { folder: 'fixture-late-click', title: 'Late Click', bpm: 120, firstBeat: 0.7, seconds: 12 } as const;

/**
 * The songs edit-song.e2e.test.ts changes for every user (an administrator's edits are the catalogue's): a tone with all
 * details given, whose title becomes `editedTitle`, and a drum click at 100 BPM with none, for Detect BPM. The other
 * files never look them up, and an edited title sorts where the original did.
 */
export const editableParade = { folder: 'fixture-editable-parade', title: 'Editable Parade', editedTitle: 'Editable Parade Deluxe', seconds: 4 } as const;
export const clickTrack = { folder: 'fixture-click-track', title: 'Click Track', bpm: 100, seconds: 16 } as const;

/** Every song title of a fixture library, A to Z (before any edit): what a user who scanned it sees in ALL SONGS. */
export const fixtureLibraryTitles: readonly string[] = [clickTrack.title, editableParade.title, lateClick.title, ...fixtureSongs.map((song) => song.title).sort()];

/** A title as the fixture library wrote it: edit-song.e2e.test.ts may rename Editable Parade while another file reads the library. */
export function asWrittenTitle(title: string): string {
  return title === editableParade.editedTitle ? editableParade.title : title;
}

/** A 16-bit mono WAV drum click at `bpm` for `seconds`: a decaying noise burst per beat, louder on the bar's first;
 * the first beat at `firstBeat` s, so a song's first downbeat need not be at 0 s. */
export function clickTrackWav(bpm: number, seconds: number, firstBeat = 0): Buffer {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const beat = (60 / bpm) * SAMPLE_RATE;
  const burst = Math.round(0.03 * SAMPLE_RATE);
  let noise = 12345;
  for (let index = 0; firstBeat * SAMPLE_RATE + index * beat < samples.length; index++) {
    const start = Math.round(firstBeat * SAMPLE_RATE + index * beat);
    const level = index % 4 === 0 ? 0.8 : 0.5;
    for (let i = 0; i < burst && start + i < samples.length; i++) {
      noise = (noise * 1103515245 + 12345) & 0x7fffffff;
      samples[start + i] = level * Math.exp(-i / (burst / 5)) * (noise / 0x7fffffff - 0.5) * 2;
    }
  }
  return pcmWav(samples);
}

/** A 16-bit PCM mono WAV sine tone, quiet enough that a song's stems summed never clip. */
export function sineWav(frequency: number, seconds: number, amplitude = 0.2): Buffer {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let index = 0; index < samples.length; index++) samples[index] = amplitude * Math.sin((2 * Math.PI * frequency * index) / SAMPLE_RATE);
  return pcmWav(samples);
}

/** A quiet room as a microphone hears it, for `seconds`: a noise floor near -50 dBFS (seeded) and a mains hum near -40 dBFS. */
export function roomWav(seconds: number): Buffer {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  let noise = 4242;
  for (let index = 0; index < samples.length; index++) {
    noise = (noise * 1103515245 + 12345) & 0x7fffffff;
    samples[index] = 0.003 * (noise / 0x7fffffff - 0.5) * 2 + 0.01 * Math.sin((2 * Math.PI * 50 * index) / SAMPLE_RATE);
  }
  return pcmWav(samples);
}

/** Samples in -1..1 as a 16-bit PCM mono WAV (RIFF header written by hand, so no audio library is needed). */
function pcmWav(samples: Float32Array): Buffer {
  const dataBytes = samples.length * 2;
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
  for (let index = 0; index < samples.length; index++) wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[index]!)) * 32767), 44 + index * 2);
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
// The bass part's chart names its own notes, so a test can tell which instrument the strip shows.
const fixtureBassChords = ['[00:00.00] C/E', '[00:02.00] A', '[00:04.00] F/A', '[00:05.00] G/B', ''].join('\n');

// Sections as the lyrics have them: the verse sung from 0.5 s, the chorus from 4 s.
const fixtureSections = [
  { type: 'verse', startTime: 0, endTime: 4 },
  { type: 'chorus', startTime: 4, endTime: 6 },
];

/** Writes the fixture songs (WAV stems, song.json; lyrics, charts and sections for the first), {@link lateClick}, {@link editableParade}
 * and {@link clickTrack} to a new temp dir; returns it. */
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
      await writeFile(path.join(folder, 'chords', 'bass.txt'), fixtureBassChords);
      await writeFile(path.join(folder, 'sections.json'), JSON.stringify(fixtureSections, null, 2));
    }
  }
  const lateFolder = path.join(songsDir, lateClick.folder);
  await mkdir(lateFolder);
  await writeFile(path.join(lateFolder, 'drums.wav'), clickTrackWav(lateClick.bpm, lateClick.seconds, lateClick.firstBeat));
  await writeFile(path.join(lateFolder, 'song.json'), JSON.stringify({ title: lateClick.title, genre: 'Rock' }));
  const editableFolder = path.join(songsDir, editableParade.folder);
  await mkdir(editableFolder);
  await writeFile(path.join(editableFolder, 'keys.wav'), sineWav(262, editableParade.seconds));
  const editableDetails = { title: editableParade.title, genre: 'Rock', genre2: 'Pop', key: 'C major', bpm: 120, difficulty: 3 };
  await writeFile(path.join(editableFolder, 'song.json'), JSON.stringify(editableDetails, null, 2));
  const clickFolder = path.join(songsDir, clickTrack.folder);
  await mkdir(clickFolder);
  await writeFile(path.join(clickFolder, 'drums.wav'), clickTrackWav(clickTrack.bpm, clickTrack.seconds));
  await writeFile(path.join(clickFolder, 'song.json'), JSON.stringify({ title: clickTrack.title, genre: 'Rock' }));
  return songsDir;
}
