import { describe, expect, it } from 'vitest';
import { ANALYSER_FFT_SIZE, spectrumBars, SPECTRUM_BAR_COUNT } from './spectrum-bars';

const bins = ANALYSER_FFT_SIZE / 2;
const sampleRate = 44_100;

/** FFT bins at `floor` dB except one tone at `frequency`. */
function toneAt(frequency: number, level: number, floor = -Infinity): Float32Array {
  const data = new Float32Array(bins).fill(floor);
  data[Math.round((frequency / (sampleRate / 2)) * bins)] = level;
  return data;
}

describe('spectrumBars', () => {
  it('makes 32 bars, all empty for silence', () => {
    const bars = spectrumBars(new Float32Array(bins).fill(-Infinity), sampleRate);
    expect(bars).toHaveLength(SPECTRUM_BAR_COUNT);
    expect(bars.every((bar) => bar === 0)).toBe(true);
  });

  it('puts a low tone in a low bar and a high tone in a high bar', () => {
    const low = spectrumBars(toneAt(100, -20), sampleRate);
    const high = spectrumBars(toneAt(10_000, -20), sampleRate);
    const lit = (bars: number[]) => bars.findIndex((bar) => bar > 0);
    expect(lit(low)).toBeLessThan(12);
    expect(lit(high)).toBeGreaterThan(24);
    expect(Math.max(...low)).toBe(1);
  });

  it('scales levels between the window edges and clamps outside it', () => {
    const bars = spectrumBars(new Float32Array(bins).fill(-60), sampleRate, 4);
    expect(bars).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(spectrumBars(new Float32Array(bins).fill(0), sampleRate, 2)).toEqual([1, 1]);
  });

  it('gives every bar at least one bin, even the lowest', () => {
    const bars = spectrumBars(new Float32Array(bins).fill(-40), sampleRate, 32);
    expect(bars.every((bar) => bar > 0)).toBe(true);
  });

  it('refuses nonsense arguments with a RangeError', () => {
    expect(() => spectrumBars(new Float32Array(bins), sampleRate, 0)).toThrow(RangeError);
    expect(() => spectrumBars(new Float32Array(bins), 0)).toThrow(RangeError);
    expect(() => spectrumBars(new Float32Array(bins), sampleRate, 32, { minDecibels: -20, maxDecibels: -20 })).toThrow(RangeError);
  });
});
