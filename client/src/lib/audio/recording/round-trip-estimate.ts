import type { Seconds } from '../units';
import { LONGEST_ROUND_TRIP } from './calibration-clicks';

/** A click counts as heard when the recording matches its shape at least this well (normalised correlation). */
const HEARD_CORRELATION = 0.4;
/** Clicks heard within this of the clicks' median agree; the others are taken for noise. */
const AGREEMENT: Seconds = 0.001;

/** What a recording of the loopback clicks is, on the audio clock the clicks were played on. */
export interface LoopbackRecording {
  samples: Float32Array;
  /** Audio-clock time of `samples[0]`. */
  recordedFrom: Seconds;
  sampleRate: number;
}

export type RoundTripEstimate =
  | { heard: true; roundTrip: Seconds; clicksHeard: number; clicksPlayed: number; spread: Seconds }
  | { heard: false; clicksHeard: number; clicksPlayed: number };

/**
 * Where each click played at `clickTimes` came back in the recording: the lag (up to the longest
 * round trip) at which the recording best matches the click's shape, to a fraction of a sample by a
 * parabola through the peak. The round trip is the median over the clicks that agree; fewer than
 * half of them agreeing (or fewer than three) means the clicks were not heard back. Pure.
 */
export function estimateRoundTrip(recording: LoopbackRecording, clickTimes: readonly Seconds[], click: Float32Array, longest: Seconds = LONGEST_ROUND_TRIP): RoundTripEstimate {
  const lags: Seconds[] = [];
  for (const time of clickTimes) {
    const lag = clickLag(recording, time, click, longest);
    if (lag !== null) lags.push(lag);
  }
  const clicksPlayed = clickTimes.length;
  const needed = Math.max(3, Math.floor(clicksPlayed / 2) + 1);
  if (lags.length < needed) return { heard: false, clicksHeard: lags.length, clicksPlayed };
  const middle = median(lags);
  const agreeing = lags.filter((lag) => Math.abs(lag - middle) <= AGREEMENT);
  if (agreeing.length < needed) return { heard: false, clicksHeard: agreeing.length, clicksPlayed };
  const roundTrip = median(agreeing);
  return { heard: true, roundTrip, clicksHeard: agreeing.length, clicksPlayed, spread: Math.max(...agreeing.map((lag) => Math.abs(lag - roundTrip))) };
}

/** The coarse search looks at every fourth sample (each the mean of four), then the fine one around its best. */
const COARSE = 4;

/** The lag of one click in the recording, in seconds; null when nothing there looks like it. */
function clickLag(recording: LoopbackRecording, playedAt: Seconds, click: Float32Array, longest: Seconds): Seconds | null {
  const { samples, sampleRate } = recording;
  const from = Math.round((playedAt - recording.recordedFrom) * sampleRate);
  const lastLag = Math.min(Math.round(longest * sampleRate), samples.length - click.length - from);
  if (from < 0 || lastLag <= COARSE * 2) return null;
  // Coarse: a sixteenth of the work over the whole range finds the neighbourhood of the click.
  const window = samples.subarray(from, from + lastLag + click.length);
  const coarse = correlate(decimate(window), decimate(click), 0, Math.floor(lastLag / COARSE));
  const near = coarse.best * COARSE;
  // Fine: every sample around it, at the full rate, for the lag and for whether it is the click at all.
  const fine = correlate(window, click, Math.max(0, near - 2 * COARSE), Math.min(lastLag, near + 2 * COARSE));
  if (fine.score < HEARD_CORRELATION) return null;
  return (fine.best + parabolicOffset(fine.sums, fine.best - fine.first)) / sampleRate;
}

/** Each `COARSE` samples' mean. */
function decimate(samples: Float32Array): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / COARSE));
  for (let index = 0; index < out.length; index++) {
    let sum = 0;
    for (let part = 0; part < COARSE; part++) sum += samples[index * COARSE + part]!;
    out[index] = sum / COARSE;
  }
  return out;
}

/**
 * The lag in `first..last` where `signal` matches `template` best, by correlation normalised by both
 * energies (1 for the template itself at any level, near 0 for what is unlike it), and the raw sums.
 */
function correlate(signal: Float32Array, template: Float32Array, first: number, last: number): { best: number; score: number; sums: Float64Array; first: number } {
  const width = template.length;
  let templateEnergy = 0;
  for (const sample of template) templateEnergy += sample * sample;
  // The window's energy slides with the lag, so each lag is normalised in O(1).
  let windowEnergy = 0;
  for (let index = 0; index < width; index++) windowEnergy += signal[first + index]! ** 2;
  const sums = new Float64Array(last - first + 1);
  let best = first;
  let score = 0;
  for (let lag = first; lag <= last; lag++) {
    if (lag > first) windowEnergy = Math.max(0, windowEnergy + signal[lag + width - 1]! ** 2 - signal[lag - 1]! ** 2);
    let sum = 0;
    for (let index = 0; index < width; index++) sum += signal[lag + index]! * template[index]!;
    sums[lag - first] = sum;
    const normalised = windowEnergy > 1e-12 ? sum / Math.sqrt(templateEnergy * windowEnergy) : 0;
    if (normalised > score) {
      score = normalised;
      best = lag;
    }
  }
  return { best, score, sums, first };
}

/** The peak's fraction of a sample either side, from a parabola through it and its neighbours. */
function parabolicOffset(values: Float64Array, at: number): number {
  if (at <= 0 || at >= values.length - 1) return 0;
  const before = values[at - 1]!;
  const peak = values[at]!;
  const after = values[at + 1]!;
  const curvature = before - 2 * peak + after;
  if (curvature >= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curvature));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
