// Tone.js's unit names, declared without importing `tone` so pure code can share them.

/** A duration or an audio-clock time, in seconds. */
export type Seconds = number;
/** A level in decibels relative to full scale (0 dBFS is the loudest a sample can be). */
export type Decibels = number;
/** A number from 0 to 1 inclusive: a gain, a volume slider, a bar's height. */
export type NormalRange = number;

/** Throws a RangeError unless `value` is a finite number of seconds, at least `min` (0 unless told). */
export function assertSeconds(name: string, value: Seconds, min: Seconds = 0): Seconds {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(`${name} must be a finite number of seconds >= ${min}, got ${value}`);
  }
  return value;
}

export function assertNormalRange(name: string, value: NormalRange): NormalRange {
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new RangeError(`${name} must be in the range 0..1, got ${value}`);
  }
  return value;
}
