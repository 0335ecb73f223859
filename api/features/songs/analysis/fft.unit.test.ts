import { describe, expect, it } from 'vitest';
import { Fft } from './fft';

/** The textbook O(n²) DFT the FFT must equal. */
function dft(real: Float64Array, imag: Float64Array): { real: Float64Array; imag: Float64Array } {
  const n = real.length;
  const out = { real: new Float64Array(n), imag: new Float64Array(n) };
  for (let k = 0; k < n; k++) {
    for (let t = 0; t < n; t++) {
      const angle = (-2 * Math.PI * k * t) / n;
      out.real[k]! += real[t]! * Math.cos(angle) - imag[t]! * Math.sin(angle);
      out.imag[k]! += real[t]! * Math.sin(angle) + imag[t]! * Math.cos(angle);
    }
  }
  return out;
}

describe('the FFT', () => {
  it('equals the DFT of complex input at every size from 2 to 512', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff - 0.5;
    };
    for (let n = 2; n <= 512; n *= 2) {
      const real = Float64Array.from({ length: n }, next);
      const imag = Float64Array.from({ length: n }, next);
      const want = dft(real, imag);
      new Fft(n).transform(real, imag);
      for (let k = 0; k < n; k++) {
        expect(real[k]).toBeCloseTo(want.real[k]!, 9);
        expect(imag[k]).toBeCloseTo(want.imag[k]!, 9);
      }
    }
  });

  it('refuses a size that is not a power of two', () => {
    expect(() => new Fft(48)).toThrow('power of two');
  });
});
