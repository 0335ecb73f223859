/** Keys, scales and chords: the harmony every part of a demo song is built from. */

export type Mode = 'major' | 'minor';
/** A pitch class, 0 = C ... 11 = B. */
export type PitchClass = number;
/** A MIDI note number (60 = middle C). */
export type Midi = number;

export interface Key {
  tonic: PitchClass;
  mode: Mode;
}

export type ChordQuality = 'maj' | 'min' | '7' | 'maj7' | 'm7' | 'dim' | 'm7b5' | '5' | 'sus2' | 'sus4' | '9' | 'maj9' | 'm9' | '6';

export interface Chord {
  root: PitchClass;
  quality: ChordQuality;
}

const sharpNames = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
const flatNames = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

/** Semitones above the root of each chord tone. */
export const chordIntervals: Record<ChordQuality, readonly number[]> = {
  maj: [0, 4, 7],
  min: [0, 3, 7],
  '7': [0, 4, 7, 10],
  maj7: [0, 4, 7, 11],
  m7: [0, 3, 7, 10],
  dim: [0, 3, 6],
  m7b5: [0, 3, 6, 10],
  '5': [0, 7],
  sus2: [0, 2, 7],
  sus4: [0, 5, 7],
  '9': [0, 4, 7, 10, 14],
  maj9: [0, 4, 7, 11, 14],
  m9: [0, 3, 7, 10, 14],
  '6': [0, 4, 7, 9],
};

const qualitySuffix: Record<ChordQuality, string> = {
  maj: '', min: 'm', '7': '7', maj7: 'maj7', m7: 'm7', dim: 'dim', m7b5: 'm7b5', '5': '5', sus2: 'sus2', sus4: 'sus4', '9': '9', maj9: 'maj9', m9: 'm9', '6': '6',
};

export const majorScale = [0, 2, 4, 5, 7, 9, 11] as const;
export const minorScale = [0, 2, 3, 5, 7, 8, 10] as const;

export function scaleOf(key: Key): readonly number[] {
  return key.mode === 'major' ? majorScale : minorScale;
}

/** Flat keys are spelled with flats (Eb, Bb), the others with sharps, as a musician would write them. */
export function prefersFlats(key: Key): boolean {
  const majorTonic = key.mode === 'major' ? key.tonic : (key.tonic + 3) % 12;
  return [5, 10, 3, 8, 1, 6].includes(majorTonic);
}

export function noteName(pitchClass: PitchClass, key: Key): string {
  const names = prefersFlats(key) ? flatNames : sharpNames;
  return names[((pitchClass % 12) + 12) % 12]!;
}

/** "A minor", "Eb major": ASCII accidentals so every consumer can read it. */
export function keyName(key: Key): string {
  return `${noteName(key.tonic, key)} ${key.mode}`;
}

export function parseKey(text: string): Key {
  const match = /^([A-G])([#b]?) (major|minor)$/.exec(text);
  if (!match) throw new RangeError(`Not a key: ${text}`);
  const letter = sharpNames.indexOf(match[1] as (typeof sharpNames)[number]);
  const accidental = match[2] === '#' ? 1 : match[2] === 'b' ? -1 : 0;
  return { tonic: (letter + accidental + 12) % 12, mode: match[3] as Mode };
}

export function chordSymbol(chord: Chord, key: Key): string {
  return `${noteName(chord.root, key)}${qualitySuffix[chord.quality]}`;
}

export function chordTones(chord: Chord): PitchClass[] {
  return chordIntervals[chord.quality].map((interval) => (chord.root + interval) % 12);
}

/** The triad a bassist reads off a chart: extensions dropped, power chords and sus kept as written. */
export function simplifiedChord(chord: Chord): Chord {
  const simple: Partial<Record<ChordQuality, ChordQuality>> = { '7': 'maj', maj7: 'maj', '9': 'maj', maj9: 'maj', '6': 'maj', m7: 'min', m9: 'min', m7b5: 'dim' };
  return { root: chord.root, quality: simple[chord.quality] ?? chord.quality };
}

/** A seventh chord grown to its ninth, as a keyboard player colours it. */
export function extendedChord(chord: Chord): Chord {
  const extended: Partial<Record<ChordQuality, ChordQuality>> = { maj: 'maj9', maj7: 'maj9', min: 'm9', m7: 'm9', '7': '9' };
  return { root: chord.root, quality: extended[chord.quality] ?? chord.quality };
}

const numerals = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];

/**
 * A roman numeral relative to the key ("V7", "ii7", "Imaj7", "bVII", "i5", "viidim"); case gives the
 * triad, degrees count from the major scale.
 */
export function romanChord(roman: string, key: Key): Chord {
  const match = /^([b#]?)(VII|VI|V|IV|III|II|I|vii|vi|v|iv|iii|ii|i)(.*)$/.exec(roman);
  if (!match) throw new RangeError(`Not a roman numeral: ${roman}`);
  const [, accidental, numeral, suffix] = match as unknown as [string, string, string, string];
  const degree = numerals.indexOf(numeral.toUpperCase());
  const minor = numeral === numeral.toLowerCase();
  const root = (key.tonic + majorScale[degree]! + (accidental === 'b' ? -1 : accidental === '#' ? 1 : 0) + 12) % 12;
  const bySuffix: Record<string, ChordQuality> = minor
    ? { '': 'min', '7': 'm7', '9': 'm9', dim: 'dim', m7b5: 'm7b5', '5': '5', sus2: 'sus2', sus4: 'sus4' }
    : { '': 'maj', '7': '7', maj7: 'maj7', '9': '9', maj9: 'maj9', '6': '6', '5': '5', sus2: 'sus2', sus4: 'sus4' };
  const quality = bySuffix[suffix];
  if (!quality) throw new RangeError(`Unknown chord suffix in ${roman}`);
  return { root, quality };
}

export function midiToFrequency(midi: Midi): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** The MIDI note of a pitch class nearest above (or at) a floor note. */
export function pitchAtOrAbove(pitchClass: PitchClass, floor: Midi): Midi {
  return floor + ((((pitchClass - floor) % 12) + 12) % 12);
}
