/** A song written out without a sound yet (notes, lyrics, text files, ground truth); render-song.ts makes the audio. */
import { type Arrangement, arrange } from './arrangement';
import { type TimedChord, timedChords, writeChordFile } from './chord-files';
import { writeLrc } from './lrc-writer';
import { writeLyrics } from './lyrics';
import { keyName, simplifiedChord } from './music-theory';
import { type BassNote, bassPart } from './parts/bass-part';
import { drumPart } from './parts/drum-part';
import { type FxEvent, fxPart } from './parts/fx-part';
import { type GuitarPart, guitarPart } from './parts/guitar-part';
import { type KeysPart, keysPart } from './parts/keys-part';
import { type VocalPart, vocalPart } from './parts/vocal-part';
import { type SeededRandom, seededRandom } from './seeded-random';
import type { SectionType, SongPlan } from './song-plans';
import type { DrumHit } from './synth/drums';

export const chordInstruments = ['master', 'guitar', 'bass', 'keys'] as const;
export type ChordInstrument = (typeof chordInstruments)[number];

export interface SongSection {
  type: SectionType;
  startTime: number;
  endTime: number;
}

/** What the analysis should find in a song, kept outside the songs directory. */
export interface SongTruth {
  folder: string;
  title: string;
  genre: string;
  bpm: number;
  key: string;
  durationSeconds: number;
  sections: SongSection[];
  chords: Record<ChordInstrument, TimedChord[]>;
}

export interface ComposedSong {
  plan: SongPlan;
  arrangement: Arrangement;
  /** The song's own random stream; rendering forks its sound streams from it. */
  random: SeededRandom;
  drums: DrumHit[];
  bass: BassNote[];
  guitar: GuitarPart;
  keys: KeysPart;
  vocals: VocalPart;
  fx: FxEvent[];
  /** Text files by path inside the song folder. */
  texts: Record<string, string>;
  truth: SongTruth;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function composeSong(plan: SongPlan, seed: string): ComposedSong {
  const random = seededRandom(`${seed}/${plan.slug}`);
  const arrangement = arrange(plan);
  const seconds = arrangement.durationSeconds;
  const lyrics = writeLyrics(random.fork('lyrics'), plan.lyrics.theme, plan.lyrics.chorus, 2);
  const vocals = vocalPart(arrangement, lyrics, random.fork('melody'));
  const guitar = guitarPart(arrangement, random.fork('guitar'));
  const keys = keysPart(arrangement, random.fork('keys'));

  const { key, timeOf } = arrangement;
  const chords: Record<ChordInstrument, TimedChord[]> = {
    master: timedChords(arrangement.chords, key, timeOf, seconds),
    guitar: timedChords(guitar.chords, key, timeOf, seconds),
    bass: timedChords(arrangement.chords.map((span) => ({ ...span, chord: simplifiedChord(span.chord) })), key, timeOf, seconds),
    keys: timedChords(keys.chords, key, timeOf, seconds),
  };
  for (const list of Object.values(chords)) for (const entry of list) Object.assign(entry, { start: round(entry.start), end: round(entry.end) });
  const sections: SongSection[] = arrangement.sections.map((section, index) => ({
    type: section.type,
    startTime: round(timeOf(section.startBeat)),
    endTime: round(index === arrangement.sections.length - 1 ? seconds : timeOf(section.endBeat)),
  }));

  const songJson = { title: plan.title, genre: plan.genre, ...(plan.genre2 ? { genre2: plan.genre2 } : {}), key: keyName(key), bpm: plan.bpm, difficulty: plan.difficulty };
  const texts: Record<string, string> = {
    'song.json': `${JSON.stringify(songJson, null, 2)}\n`,
    'lyrics.lrc': writeLrc(vocals.lines),
    'sections.json': `${JSON.stringify(sections, null, 2)}\n`,
  };
  for (const instrument of chordInstruments) texts[`chords/${instrument}.txt`] = writeChordFile(chords[instrument]);

  return {
    plan,
    arrangement,
    random,
    drums: drumPart(arrangement, random.fork('drums')),
    bass: bassPart(arrangement, random.fork('bass')),
    guitar,
    keys,
    vocals,
    fx: fxPart(arrangement),
    texts,
    truth: { folder: plan.slug, title: plan.title, genre: plan.genre, bpm: plan.bpm, key: keyName(key), durationSeconds: round(seconds), sections, chords },
  };
}
