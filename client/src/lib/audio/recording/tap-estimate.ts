import type { Seconds } from '../units';
import { median } from './round-trip-estimate';

/** How many clicks the tap-along plays, and how far apart (a steady 100 BPM). */
export const TAP_CLICKS = 12;
export const TAP_SPACING: Seconds = 0.6;
/** The first clicks are for finding the beat: taps on them are not counted. */
const WARM_UP_CLICKS = 2;
/** Taps that count must be at least this many. */
const TAPS_NEEDED = 6;
/** Taps further than this from their median (median absolute deviation) are too uneven to tell the latency by. */
const STEADIEST: Seconds = 0.03;

/** When the tap-along's clicks are played, from `firstAt` on the audio clock. */
export function tapClickTimes(firstAt: Seconds, count = TAP_CLICKS): Seconds[] {
  return Array.from({ length: count }, (_, index) => firstAt + index * TAP_SPACING);
}

export type TapEstimate = { ok: true; roundTrip: Seconds; taps: number; spread: Seconds } | { ok: false; reason: 'too-few-taps' | 'uneven-taps'; taps: number };

/**
 * The round trip from taps along with clicks. Each tap is given as the audio-clock time that was being
 * heard when it happened (the output's timestamp already counts the output latency the browser knows
 * of), so a tap's offset from its click is what the output adds beyond that, plus the musician's own
 * feel for "on the beat": exactly what a take recorded by that musician is off by. The input side
 * cannot be tapped; it stays what the browser reports (`reportedRoundTrip` holds both sides). Pure.
 */
export function estimateFromTaps(clickTimes: readonly Seconds[], tapTimes: readonly Seconds[], reportedRoundTrip: Seconds): TapEstimate {
  const counted = clickTimes.slice(WARM_UP_CLICKS);
  const offsets: Seconds[] = [];
  for (const click of counted) {
    // The tap nearest each click, within half the spacing: a missed click counts no tap.
    let nearest: Seconds | null = null;
    for (const tap of tapTimes) if (Math.abs(tap - click) < TAP_SPACING / 2 && (nearest === null || Math.abs(tap - click) < Math.abs(nearest - click))) nearest = tap;
    if (nearest !== null) offsets.push(nearest - click);
  }
  if (offsets.length < TAPS_NEEDED) return { ok: false, reason: 'too-few-taps', taps: offsets.length };
  const middle = median(offsets);
  const spread = median(offsets.map((offset) => Math.abs(offset - middle)));
  if (spread > STEADIEST) return { ok: false, reason: 'uneven-taps', taps: offsets.length };
  return { ok: true, roundTrip: Math.max(0, reportedRoundTrip + middle), taps: offsets.length, spread };
}
