import { describe, expect, it } from 'vitest';
import { calibrationClickSamples, loopbackClickTimes } from './calibration-clicks';
import { estimateRoundTrip } from './round-trip-estimate';

const rate = 48_000;
const click = calibrationClickSamples(rate);

/** Seeded uniform numbers in [0, 1), so a failure repeats. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * What a microphone hears of the clicks: each `roundTrip` after it was played, quieter and dulled (a
 * one-pole low-pass, as a small speaker and the air), over a noise floor; recorded from audio-clock 1 s.
 */
function heardBack(options: { seed: number; roundTrip: number; gain: number; noise: number; clickTimes: number[]; skip?: number[]; dull?: number }) {
  const random = seeded(options.seed);
  const recordedFrom = 1;
  const samples = new Float32Array(6 * rate);
  for (let index = 0; index < samples.length; index++) samples[index] = options.noise * (random() * 2 - 1);
  options.clickTimes.forEach((time, clickIndex) => {
    if (options.skip?.includes(clickIndex)) return;
    const at = Math.round((time + options.roundTrip - recordedFrom) * rate);
    let low = 0;
    for (let index = 0; index < click.length + 200; index++) {
      low += (1 - (options.dull ?? 0)) * ((click[index] ?? 0) - low);
      samples[at + index]! += options.gain * low;
    }
  });
  return { samples, recordedFrom, sampleRate: rate };
}

describe('estimateRoundTrip', () => {
  const clickTimes = loopbackClickTimes(1.3);

  it('finds the round trip to a fraction of a millisecond, over noise and through a dull speaker, for any latency up to 400 ms', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const random = seeded(seed * 7919);
      const roundTrip = Math.round((0.003 + random() * 0.39) * rate) / rate;
      const recording = heardBack({ seed, roundTrip, gain: 0.05 + random() * 0.5, noise: 0.005, clickTimes, dull: random() * 0.6 });
      const estimate = estimateRoundTrip(recording, clickTimes, click);
      expect(estimate.heard, `seed ${seed}`).toBe(true);
      if (!estimate.heard) continue;
      expect(Math.abs(estimate.roundTrip - roundTrip), `seed ${seed}, round trip ${roundTrip}`).toBeLessThan(0.0002);
      expect(estimate.clicksHeard).toBe(clickTimes.length);
    }
  });

  it('takes the median of the clicks that agree: a click lost in a cough or a knock does not move it', () => {
    const recording = heardBack({ seed: 3, roundTrip: 0.0415, gain: 0.3, noise: 0.003, clickTimes, skip: [2, 5] });
    // A knock (a click's shape, louder) 120 ms after the fourth click was played.
    const knockAt = Math.round((clickTimes[3]! + 0.12 - 1) * rate);
    for (let index = 0; index < click.length; index++) recording.samples[knockAt + index]! += click[index]!;
    const estimate = estimateRoundTrip(recording, clickTimes, click);
    expect(estimate).toMatchObject({ heard: true, clicksHeard: 5, clicksPlayed: 8 });
    if (estimate.heard) expect(Math.abs(estimate.roundTrip - 0.0415)).toBeLessThan(0.0001);
  });

  it('hears nothing in a room with no clicks in it: noise, or a steady tone', () => {
    const noise = heardBack({ seed: 9, roundTrip: 0.05, gain: 0, noise: 0.05, clickTimes });
    expect(estimateRoundTrip(noise, clickTimes, click)).toMatchObject({ heard: false, clicksPlayed: 8 });
    const tone = { samples: new Float32Array(6 * rate).map((_, index) => 0.5 * Math.sin((2 * Math.PI * 330 * index) / rate)), recordedFrom: 1, sampleRate: rate };
    expect(estimateRoundTrip(tone, clickTimes, click)).toMatchObject({ heard: false });
    expect(estimateRoundTrip({ samples: new Float32Array(6 * rate), recordedFrom: 1, sampleRate: rate }, clickTimes, click)).toMatchObject({ heard: false, clicksHeard: 0 });
  });

  it('hears nothing of clicks played before the recording started or after it ended', () => {
    const recording = heardBack({ seed: 4, roundTrip: 0.02, gain: 0.3, noise: 0.001, clickTimes });
    expect(estimateRoundTrip(recording, clickTimes.map((time) => time + 10), click)).toMatchObject({ heard: false, clicksHeard: 0 });
    expect(estimateRoundTrip(recording, clickTimes.map((time) => time - 5), click)).toMatchObject({ heard: false, clicksHeard: 0 });
  });
});
