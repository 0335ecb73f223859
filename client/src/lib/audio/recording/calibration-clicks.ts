import type { Seconds } from '../units';

/** A calibration click lasts this long: a burst of noise decaying fast, broadband so it is found to the sample. */
const CLICK_LENGTH: Seconds = 0.02;
/** Clicks this far apart: more than the longest round trip looked for, so one click's echo never meets the next. */
export const CLICK_SPACING: Seconds = 0.5;
/** The longest round trip looked for (a Bluetooth headset is the slowest common case, about 300 ms). */
export const LONGEST_ROUND_TRIP: Seconds = 0.4;
/** How many clicks a loopback calibration plays; the figure is their median. */
export const LOOPBACK_CLICKS = 8;

/**
 * The calibration click's samples. Noise rather than a tone: a tone's correlation has a peak every
 * period, so a click could be placed a period off; noise correlates with itself at one lag only. The
 * noise is the same every time (a fixed seed), so the click found is the click played.
 */
export function calibrationClickSamples(sampleRate: number): Float32Array<ArrayBuffer> {
  const length = Math.round(CLICK_LENGTH * sampleRate);
  const samples = new Float32Array(length);
  let state = 0x2f6b_4a31;
  for (let index = 0; index < length; index++) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    const noise = (state / 0x7fffffff) * 2 - 1;
    samples[index] = 0.9 * noise * Math.exp(-index / (length / 4));
  }
  return samples;
}

/** When the loopback's clicks are played: `count` clicks `CLICK_SPACING` apart from `firstAt` (audio clock). */
export function loopbackClickTimes(firstAt: Seconds, count = LOOPBACK_CLICKS): Seconds[] {
  return Array.from({ length: count }, (_, index) => firstAt + index * CLICK_SPACING);
}
