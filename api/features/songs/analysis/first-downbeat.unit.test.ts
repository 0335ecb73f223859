import { describe, expect, it } from 'vitest';
import { firstDownbeat, localGrid, refineOnset } from './first-downbeat';

const rate = 8000;

/** Silence with a 20 ms decaying burst at each of `times` (seconds). */
function bursts(times: readonly number[], seconds: number): Float32Array {
  const signal = new Float32Array(seconds * rate);
  for (const time of times) {
    const start = Math.round(time * rate);
    for (let i = 0; i < 0.02 * rate && start + i < signal.length; i++) signal[start + i] = (i % 2 === 0 ? 0.8 : -0.8) * Math.exp(-i / (0.005 * rate));
  }
  return signal;
}

describe('the first downbeat', () => {
  it('is found before the ticks lock on, on a long song whose tick intervals are quantised (no drift from a median period)', () => {
    const frame = 512 / 44100;
    const truth = Array.from({ length: 140 }, (_, k) => 0.026 + k * (60 / 112));
    // The tracker's ticks: the first two off while locking on, then on its frame grid 10-30 ms late.
    const ticks = [0.3, 0.9, ...truth.slice(2).map((beat, k) => Math.round((beat + 0.01 + (k % 3) * 0.01) / frame) * frame)];
    const onsets = truth.flatMap((beat) => [beat - 0.003, beat + 30 / 112 - 0.003]); // beats and the eighths between
    expect(firstDownbeat(ticks, onsets, bursts(truth.slice(0, 12), 7), rate)).toBe(0.026);
  });

  // Beats every 0.5 s from 0.7 s; the tracker's first ticks are off (locking on), the rest 5-12 ms early.
  const beats = Array.from({ length: 16 }, (_, k) => 0.7 + k * 0.5);
  const ticks = [0.31, 0.93, ...beats.slice(2).map((beat, k) => beat - 0.005 - (k % 3) * 0.003)];

  it('is the earliest onset on the beat grid of the settled ticks, refined to the sample', () => {
    // Onsets as OnsetRate gives them: on its frame grid, up to 23 ms early.
    const onsets = beats.map((beat) => beat - 0.013);
    const signal = bursts(beats, 9);
    expect(firstDownbeat(ticks, onsets, signal, rate)).toBe(0.7);
  });

  it('passes over an onset off the beat (an eighth-note pickup) for the first one on it', () => {
    const pickup = 0.45; // half a beat before the first beat
    const signal = bursts([pickup, ...beats], 9);
    expect(firstDownbeat(ticks, [pickup - 0.01, ...beats.map((beat) => beat - 0.01)], signal, rate)).toBe(0.7);
  });

  it('takes a beat before the first tick when the music starts there (a pickup on the beat counts)', () => {
    const signal = bursts([0.2, ...beats], 9);
    expect(firstDownbeat(ticks, [0.19, ...beats], signal, rate)).toBe(0.2);
  });

  it('does not take a sound a quarter of a beat off the grid (a chord before the drums come in)', () => {
    const signal = bursts([0.575, ...beats], 9);
    expect(firstDownbeat(ticks, [0.565, ...beats], signal, rate)).toBe(0.7);
  });

  it('is null with too few ticks or no onset on the grid', () => {
    const signal = bursts(beats, 9);
    expect(firstDownbeat(ticks.slice(0, 3), beats, signal, rate)).toBeNull();
    expect(firstDownbeat(ticks, beats.map((beat) => beat + 0.25), signal, rate)).toBeNull();
    expect(firstDownbeat(ticks, [], signal, rate)).toBeNull();
  });
});

describe('the arithmetic under it', () => {
  it('fits the grid through ticks on the tracker’s 11.6 ms frames: the period to well under a millisecond', () => {
    // 112 BPM (0.5357 s) ticked on the frame grid: intervals of 0.534 and 0.546 s, none right.
    const frame = 512 / 44100;
    const ticks = Array.from({ length: 120 }, (_, k) => Math.round((0.02 + k * (60 / 112)) / frame) * frame);
    const grid = localGrid(ticks, 60)!;
    expect(Math.abs(grid.period - 60 / 112)).toBeLessThan(0.0005);
    // Its beat nearest 60 s is the true one there, within a frame.
    const predicted = grid.phase + Math.round((60 - grid.phase) / grid.period) * grid.period;
    const actual = 0.02 + Math.round((60 - 0.02) / (60 / 112)) * (60 / 112);
    expect(Math.abs(predicted - actual)).toBeLessThan(frame);
    expect(localGrid(ticks.slice(0, 3), 1)).toBeNull();
  });

  it('moves an early onset estimate to the attack; leaves it where there is no attack', () => {
    const signal = bursts([1.2345], 3);
    expect(refineOnset(signal, rate, 1.22)).toBeCloseTo(1.2345, 3);
    expect(refineOnset(new Float32Array(3 * rate), rate, 1.22)).toBe(1.22);
    // A steady tone with the burst on top: the level before it is not silence.
    const tone = bursts([1.2345], 3).map((value, i) => value + 0.1 * Math.sin(i / 3));
    expect(refineOnset(tone, rate, 1.215)).toBeCloseTo(1.2345, 3);
  });
});
