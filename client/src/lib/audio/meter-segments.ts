import type { Decibels } from './units';

/** Spec 000 section 9: a mixer meter has 10 segments (12 in the waveform's region variant). */
export const METER_SEGMENTS = 10;
/** The level at and below which a meter shows nothing. */
const METER_FLOOR: Decibels = -60;

/** How many segments light up for a level in dBFS: the floor to 0 dBFS split evenly. */
export function litSegments(level: Decibels, segments: number = METER_SEGMENTS, floor: Decibels = METER_FLOOR): number {
  if (!Number.isInteger(segments) || segments < 1) throw new RangeError(`segments must be a positive integer, got ${segments}`);
  if (!(floor < 0)) throw new RangeError(`floor must be below 0 dBFS, got ${floor}`);
  if (!(level > floor)) return 0;
  return Math.min(segments, Math.ceil(((level - floor) / -floor) * segments));
}
