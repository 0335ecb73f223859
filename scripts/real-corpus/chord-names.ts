/** Chord names: roots as the corpus spells them, and the major/minor reduction analysis is scored on. */

export const rootNames = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

/** No chord: silence, drums alone, or a chart's N.C. */
export const noChord = 'N';

const letterPitch: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** A chord symbol's root and the rest (`Bbm7` -> 10, `m7`), or undefined for no chord. */
export function splitChord(symbol: string): { root: number; quality: string; bass?: number } | undefined {
  const match = /^([A-G])([#b]*)(.*)$/.exec(symbol.trim());
  if (!match) return undefined;
  const accidentals = [...match[2]!].reduce((sum, sign) => sum + (sign === '#' ? 1 : -1), 0);
  const root = (letterPitch[match[1]!]! + accidentals + 12) % 12;
  const [quality, bassName] = match[3]!.split('/');
  const bass = bassName === undefined ? undefined : splitChord(bassName)?.root;
  return { root, quality: quality ?? '', ...(bass !== undefined && { bass }) };
}

/** A chord moved by semitones, root and bass, quality kept (`Bb7` +2 -> `C7`). */
export function transposeChord(symbol: string, semitones: number): string {
  const chord = splitChord(symbol);
  if (!chord || semitones % 12 === 0) return symbol;
  const name = (pitch: number) => rootNames[(((pitch + semitones) % 12) + 12) % 12]!;
  return `${name(chord.root)}${chord.quality}${chord.bass === undefined ? '' : `/${name(chord.bass)}`}`;
}

/**
 * The major/minor reduction (`Cm7` -> `Cm`, `G7` -> `G`, `Bdim` -> `Bm`): chords with a minor third
 * are minor, all others (sus and power chords too) major; what a maj/min chord score compares.
 */
export function majMin(symbol: string): string {
  const chord = splitChord(symbol);
  if (!chord) return noChord;
  const minor = /^(m(?!aj)|min|mi(?!n)|-|dim|o|ø)/.test(chord.quality);
  return `${rootNames[chord.root]}${minor ? 'm' : ''}`;
}
