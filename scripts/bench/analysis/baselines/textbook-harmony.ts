/** The textbook chord and key baselines on one song's mix: chroma per beat against triad templates, and key profiles on the whole song's chroma. */
import type { TimedChord } from '../analysis-scores';
import { type ChromaFrames, spanChroma } from './chroma';
import { templateChords } from './chord-templates';
import { profileKey } from './key-profiles';

/** Span boundaries from 0 to the end: the beats inside the song, or a half-second grid without enough of them. */
export function beatBoundaries(beats: readonly number[], durationSeconds: number): number[] {
  const inside = beats.filter((beat) => beat > 0.05 && beat < durationSeconds - 0.05);
  if (inside.length >= 2) return [0, ...inside, durationSeconds];
  const grid: number[] = [];
  for (let time = 0; time < durationSeconds; time += 0.5) grid.push(time);
  return [...grid, durationSeconds];
}

/** Chords (neighbours naming the same chord joined, no chord left out) and key of the mix whose chroma `chroma` holds. */
export function textbookHarmony(chroma: ChromaFrames, beats: readonly number[], durationSeconds: number): { chords: TimedChord[]; key: string | null } {
  const boundaries = beatBoundaries(beats, durationSeconds);
  const names = templateChords(spanChroma(chroma.frames, (index) => chroma.timeOf(index), boundaries));
  const chords: TimedChord[] = [];
  names.forEach((chord, i) => {
    const last = chords.at(-1);
    if (last && last.chord === chord && last.end === boundaries[i]) last.end = boundaries[i + 1]!;
    else if (chord !== 'N') chords.push({ start: boundaries[i]!, end: boundaries[i + 1]!, chord });
  });
  const whole = new Float64Array(12);
  for (const frame of chroma.frames) for (let c = 0; c < 12; c++) whole[c]! += frame[c]!;
  return { chords, key: profileKey(whole) };
}
