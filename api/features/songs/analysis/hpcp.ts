/**
 * Harmonic pitch class profiles (HPCP, after Gómez 2006, as essentia computes them) of a signal,
 * frame by frame, in TypeScript: the spectral peaks of each Hann-windowed frame between 40 Hz and
 * 5 kHz, each peak's magnitude spread over the 36 bins (three per semitone, bin 0 on A) nearest its
 * pitch with a squared-cosine weight, each frame scaled to its strongest bin. Essentia's
 * TonalExtractor computed these and a dozen descriptors the analysis never read (decision 0079);
 * two real frames share one complex FFT here.
 */
import { Fft } from './fft';

export const hpcpSize = 36;
const lowestHz = 40;
const highestHz = 5000;
/** A peak below this share of the frame's strongest is noise, not a partial (-60 dB). */
const peakFloor = 1e-3;
/** Half the width of a peak's weight window, in bins: 4/3 of a semitone in all. */
const halfWindowBins = 2;

/** HPCP frames of windows of one signal; frame `i` of a window is centred on its sample `i * hop`. */
export class HpcpAnalyser {
  private readonly fft: Fft;
  private readonly window: Float64Array;
  private readonly real: Float64Array;
  private readonly imag: Float64Array;
  private readonly magnitudes: Float64Array;

  constructor(
    private readonly frameSize: number,
    private readonly hop: number,
    private readonly sampleRate: number,
  ) {
    this.fft = new Fft(frameSize);
    this.window = new Float64Array(frameSize);
    for (let i = 0; i < frameSize; i++) this.window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frameSize);
    this.real = new Float64Array(frameSize);
    this.imag = new Float64Array(frameSize);
    this.magnitudes = new Float64Array(frameSize / 2 + 1);
  }

  /** `count` frames of `signal`, zero-padded beyond its ends. */
  frames(signal: Float32Array, count: number): Float32Array[] {
    const result: Float32Array[] = [];
    for (let i = 0; i < count; i += 2) {
      // Frame i in the real part, frame i + 1 in the imaginary part of one transform.
      this.load(signal, i, this.real);
      this.load(signal, i + 1 < count ? i + 1 : -1, this.imag);
      this.fft.transform(this.real, this.imag);
      result.push(this.profile(0));
      if (i + 1 < count) result.push(this.profile(1));
    }
    return result;
  }

  private load(signal: Float32Array, frame: number, into: Float64Array): void {
    if (frame < 0) {
      into.fill(0);
      return;
    }
    const { frameSize, window } = this;
    const start = frame * this.hop - frameSize / 2;
    if (start >= 0 && start + frameSize <= signal.length) {
      for (let n = 0; n < frameSize; n++) into[n] = signal[start + n]! * window[n]!;
      return;
    }
    for (let n = 0; n < frameSize; n++) {
      const index = start + n;
      into[n] = index >= 0 && index < signal.length ? signal[index]! * window[n]! : 0;
    }
  }

  /** The HPCP of the real (`part` 0) or imaginary (`part` 1) input of the last transform. */
  private profile(part: 0 | 1): Float32Array {
    const n = this.frameSize;
    const { real, imag, magnitudes } = this;
    const binHz = this.sampleRate / n;
    const first = Math.max(1, Math.floor(lowestHz / binHz));
    const last = Math.min(n / 2 - 1, Math.ceil(highestHz / binHz));
    // Z = X + iY for real X and Y: X[k] = (Z[k] + conj Z[n-k]) / 2, Y[k] = (Z[k] - conj Z[n-k]) / 2i.
    // Only the bins of the band and their neighbours are read below: the rest are never computed.
    for (let k = first - 1; k <= last + 1; k++) {
      const zr = real[k]!;
      const zi = imag[k]!;
      const cr = real[(n - k) % n]!;
      const ci = -imag[(n - k) % n]!;
      const re = part === 0 ? (zr + cr) / 2 : (zi - ci) / 2;
      const im = part === 0 ? (zi + ci) / 2 : -(zr - cr) / 2;
      magnitudes[k] = Math.sqrt(re * re + im * im);
    }
    const hpcp = new Float32Array(hpcpSize);
    let loudest = 0;
    for (let k = first; k <= last; k++) loudest = Math.max(loudest, magnitudes[k]!);
    if (loudest === 0) return hpcp;
    for (let k = first; k <= last; k++) {
      const m = magnitudes[k]!;
      if (m < peakFloor * loudest || m < magnitudes[k - 1]! || m <= magnitudes[k + 1]!) continue;
      // Parabolic interpolation of the peak between its neighbours.
      const before = magnitudes[k - 1]!;
      const after = magnitudes[k + 1]!;
      const curve = before - 2 * m + after;
      const offset = curve === 0 ? 0 : (0.5 * (before - after)) / curve;
      const hz = (k + offset) * binHz;
      if (hz < lowestHz || hz > highestHz) continue;
      const magnitude = m - 0.25 * (before - after) * offset;
      const position = ((((hpcpSize * Math.log2(hz / 440)) % hpcpSize) + hpcpSize) % hpcpSize);
      const nearest = Math.round(position);
      for (let bin = nearest - halfWindowBins; bin <= nearest + halfWindowBins; bin++) {
        const distance = Math.abs(position - bin);
        if (distance >= halfWindowBins) continue;
        const weight = Math.cos((Math.PI / 2) * (distance / halfWindowBins)) ** 2;
        hpcp[((bin % hpcpSize) + hpcpSize) % hpcpSize]! += weight * magnitude;
      }
    }
    let peak = 0;
    for (const value of hpcp) peak = Math.max(peak, value);
    if (peak > 0) for (let bin = 0; bin < hpcpSize; bin++) hpcp[bin]! /= peak;
    return hpcp;
  }
}
