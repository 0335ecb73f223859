import { describe, expect, it } from 'vitest';
import { estimateFromTaps, tapClickTimes } from './tap-estimate';

/** Seeded uniform numbers in [0, 1) (an LCG), so a failure repeats. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describe('estimateFromTaps', () => {
  const clicks = tapClickTimes(2);

  it('adds the taps’ median offset from their clicks to what the browser reports, the first two taps left out', () => {
    const random = seeded(20_261_129);
    // A musician 35 ms behind what the browser says they hear, give or take 12 ms; wild on the first two clicks.
    const taps = clicks.map((click, index) => click + (index < 2 ? 0.2 : 0.035 + (random() - 0.5) * 0.024));
    const estimate = estimateFromTaps(clicks, taps, 0.012);
    expect(estimate.ok).toBe(true);
    if (!estimate.ok) return;
    expect(estimate.taps).toBe(10);
    expect(Math.abs(estimate.roundTrip - 0.047)).toBeLessThan(0.006);
  });

  it('asks for more taps when too few clicks got one, and for steadier ones when they scatter', () => {
    expect(estimateFromTaps(clicks, clicks.slice(0, 7).map((click) => click + 0.02), 0.01)).toEqual({ ok: false, reason: 'too-few-taps', taps: 5 });
    const random = seeded(7);
    const scattered = clicks.map((click) => click + (random() - 0.5) * 0.5);
    expect(estimateFromTaps(clicks, scattered, 0.01)).toMatchObject({ ok: false, reason: 'uneven-taps' });
  });

  it('never makes the round trip negative (taps ahead of the beat)', () => {
    expect(estimateFromTaps(clicks, clicks.map((click) => click - 0.05), 0.01)).toMatchObject({ ok: true, roundTrip: 0 });
  });
});
