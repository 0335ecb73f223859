/**
 * Whether a stem plays chords: a chart for a stem that plays single lines (a solo, a riff) or that
 * is nearly silent would be a guess dressed as harmony. Read from its chroma frames: a chord lights
 * several pitch classes at once, a line one at a time (its overtones fall on the same pitch class,
 * or weakly on the fifth and third).
 */
import { foldHpcp } from './chord-decoding';

/** A frame's pitch class counts as sounding at this share of the frame's strongest. */
const strongShare = 0.35;
/** A stem whose frames light at least this many pitch classes (mean over its sounding frames) plays chords. */
const chordalPitchClasses = 2.5;
/** A stem that sounds in fewer than this share of the frames where the song sounds is nearly silent. */
const audibleShare = 0.15;
/** The stem sounds in a frame at this level relative to the mix, -26 dB. */
const audibleLevel = 0.05;

export type StemTexture = 'chords' | 'lines' | 'silent';

export interface TextureReading {
  texture: StemTexture;
  /** Share of the song's sounding frames in which the stem sounds. */
  audible: number;
  /** Mean count of strong pitch classes in the stem's sounding frames. */
  pitchClasses: number;
}

/** How many pitch classes of a frame are within {@link strongShare} of its strongest. */
export function strongPitchClasses(frame: ArrayLike<number>): number {
  const folded = new Float64Array(12);
  foldHpcp(frame, folded, 1);
  const peak = Math.max(...folded);
  if (peak <= 0) return 0;
  return folded.filter((value) => value >= strongShare * peak).length;
}

/** Whether the stem (its frames and levels) plays chords, lines, or nearly nothing, against the song's levels. */
export function stemTexture(frames: readonly ArrayLike<number>[], levels: ArrayLike<number>, songLevels: ArrayLike<number>): TextureReading {
  let songFrames = 0;
  const counts: number[] = [];
  for (let f = 0; f < frames.length; f++) {
    const song = songLevels[f] ?? 0;
    if (song <= 0) continue;
    songFrames += 1;
    if ((levels[f] ?? 0) < audibleLevel * song) continue;
    const count = strongPitchClasses(frames[f]!);
    if (count > 0) counts.push(count);
  }
  const audible = songFrames === 0 ? 0 : counts.length / songFrames;
  const pitchClasses = counts.length === 0 ? 0 : Math.round((counts.reduce((sum, count) => sum + count, 0) / counts.length) * 100) / 100;
  const texture: StemTexture = audible < audibleShare ? 'silent' : pitchClasses >= chordalPitchClasses ? 'chords' : 'lines';
  return { texture, audible: Math.round(audible * 1000) / 1000, pitchClasses };
}
