/**
 * An in-place radix-2 FFT of one size, its twiddles and bit reversal computed once: the analysis's
 * chroma, and the bench's textbook baseline (which shares nothing else with the analysis).
 */
export class Fft {
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Uint32Array;

  constructor(readonly size: number) {
    if (size < 2 || (size & (size - 1)) !== 0) throw new Error(`FFT size must be a power of two, not ${size}`);
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / size);
    }
    this.reversed = new Uint32Array(size);
    const bits = Math.log2(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
  }

  /** Transform `real` and `imag` (both `size` long) in place. */
  transform(real: Float64Array, imag: Float64Array): void {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const j = this.reversed[i]!;
      if (j > i) {
        [real[i], real[j]] = [real[j]!, real[i]!];
        [imag[i], imag[j]] = [imag[j]!, imag[i]!];
      }
    }
    for (let length = 2; length <= n; length *= 2) {
      const half = length / 2;
      const step = n / length;
      for (let start = 0; start < n; start += length) {
        for (let k = 0; k < half; k++) {
          const wr = this.cos[k * step]!;
          const wi = this.sin[k * step]!;
          const a = start + k;
          const b = a + half;
          const xr = real[b]! * wr - imag[b]! * wi;
          const xi = real[b]! * wi + imag[b]! * wr;
          real[b] = real[a]! - xr;
          imag[b] = imag[a]! - xi;
          real[a]! += xr;
          imag[a]! += xi;
        }
      }
    }
  }
}
