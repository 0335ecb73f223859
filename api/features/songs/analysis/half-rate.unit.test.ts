import { describe, expect, it } from 'vitest';
import { HalfRate } from './half-rate';

const rate = 44_100;

function sine(hz: number, length: number): Float32Array {
  return Float32Array.from({ length }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));
}

/** The whole signal halved, pushed in chunks of `chunk` samples. */
function halve(signal: Float32Array, chunk: number): Float32Array {
  const halfRate = new HalfRate();
  const parts: Float32Array[] = [];
  for (let start = 0; start < signal.length; start += chunk) parts.push(halfRate.push(signal.subarray(start, start + chunk)));
  parts.push(halfRate.flush());
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Amplitude of the middle of a sine (away from the zero-padded ends). */
function amplitude(signal: Float32Array): number {
  const middle = signal.subarray(1000, signal.length - 1000);
  const power = middle.reduce((sum, value) => sum + value * value, 0) / middle.length;
  return Math.sqrt(2 * power);
}

describe('halving the sample rate', () => {
  it('keeps every second sample of what the chroma reads (up to 5 kHz), whatever the chunks', () => {
    for (const hz of [55, 440, 2000, 5000]) {
      const input = sine(hz, 44_101);
      const out = halve(input, 4099);
      expect(out).toHaveLength(22_051);
      expect(amplitude(out)).toBeCloseTo(1, 2);
      for (let m = 100; m < out.length - 100; m += 997) expect(out[m]).toBeCloseTo(input[2 * m]!, 2);
      expect(halve(input, 777)).toEqual(out);
    }
  });

  it('stops what would fold below 5 kHz (above 17 kHz) by more than 60 dB', () => {
    for (const hz of [17_100, 19_000, 21_000]) expect(amplitude(halve(sine(hz, 44_100), 10_000))).toBeLessThan(1e-3);
  });

  it('gives nothing for nothing and one sample for one', () => {
    expect(halve(new Float32Array(0), 10)).toHaveLength(0);
    expect(halve(Float32Array.of(0.5), 10)).toHaveLength(1);
  });
});
