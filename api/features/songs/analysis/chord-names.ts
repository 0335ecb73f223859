/** Pitch classes of note names (C = 0), both spellings. */
const pitchClasses: Readonly<Record<string, number>> = {
  C: 0, 'B#': 0, 'C#': 1, Db: 1, D: 2, 'D#': 3, Eb: 3, E: 4, Fb: 4, F: 5, 'E#': 5, 'F#': 6, Gb: 6, G: 7, 'G#': 8, Ab: 8, A: 9, 'A#': 10, Bb: 10, B: 11, Cb: 11,
};

const sharpNames = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
const flatNames = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
/** How key names spell their tonic (docs/song-folder-format.md: `Eb major`, `C# minor`). */
const majorTonics = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
const minorTonics = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'G#', 'A', 'Bb', 'B'] as const;

export type Mode = 'major' | 'minor';

/** A key as pitch class of its tonic and mode. */
export interface MusicalKey {
  tonic: number;
  mode: Mode;
}

/** A triad as the analysis names it: root pitch class and major or minor. */
export interface Triad {
  root: number;
  minor: boolean;
}

export function pitchClassOf(note: string): number | undefined {
  return pitchClasses[note];
}

/** `C# minor`, `Eb major`. */
export function keyName(key: MusicalKey): string {
  return `${(key.mode === 'major' ? majorTonics : minorTonics)[key.tonic]} ${key.mode}`;
}

/** Parse `A minor`, `Eb major`, `F#m`-free key texts; undefined for anything else. */
export function parseKey(text: string): MusicalKey | undefined {
  const match = /^([A-G][#b]?)\s+(major|minor)$/i.exec(text.trim());
  if (!match) return undefined;
  const tonic = pitchClassOf(match[1]!.charAt(0).toUpperCase() + match[1]!.slice(1));
  return tonic === undefined ? undefined : { tonic, mode: match[2]!.toLowerCase() as Mode };
}

/** The relative key: A minor for C major and back. */
export function relativeKey(key: MusicalKey): MusicalKey {
  return key.mode === 'major' ? { tonic: (key.tonic + 9) % 12, mode: 'minor' } : { tonic: (key.tonic + 3) % 12, mode: 'major' };
}

/** Keys whose signature has flats (F major, D minor and flatter) spell their chords with flats. */
function usesFlats(key: MusicalKey | undefined): boolean {
  if (!key) return false;
  const major = key.mode === 'major' ? key.tonic : (key.tonic + 3) % 12;
  return [5, 10, 3, 8, 1].includes(major);
}

/** A triad's chord symbol spelled for the key (`Bb`, `C#m`). */
export function triadName(triad: Triad, key: MusicalKey | undefined): string {
  return `${(usesFlats(key) ? flatNames : sharpNames)[triad.root]}${triad.minor ? 'm' : ''}`;
}

/**
 * A chord symbol (the song-folder format's: `Fm7`, `Dbmaj7`, `E5`, `Bbsus4`) reduced to its triad:
 * minor for m, m7, m9, dim and m7b5; major otherwise. Power and suspended chords have no third and
 * count as major here; {@link hasThird} tells them apart.
 */
export function parseChordSymbol(symbol: string): Triad | undefined {
  const match = /^([A-G][#b]?)(.*)$/.exec(symbol.trim());
  if (!match) return undefined;
  const root = pitchClassOf(match[1]!);
  if (root === undefined) return undefined;
  const quality = match[2]!;
  return { root, minor: /^m(?!aj)/.test(quality) || quality.startsWith('dim') };
}

/** Whether a chord symbol states a third (a power chord `E5` or `sus2`/`sus4` does not). */
export function hasThird(symbol: string): boolean {
  const quality = /^[A-G][#b]?(.*)$/.exec(symbol.trim())?.[1] ?? '';
  return quality !== '5' && !quality.startsWith('sus');
}
