/**
 * Textbook chroma for the baselines: a Hann-windowed short-time Fourier transform, each bin's
 * magnitude added to the pitch class nearest its frequency (65 Hz to 2.1 kHz, C2 to C7). Nothing of
 * Woodshed's analyser is used, so the baselines stay independent of it.
 */
import { Fft } from '../../../../api/features/songs/analysis/fft';

export const chromaFrameSize = 8192;
export const chromaHopSize = 2048;
const lowestHz = 65;
const highestHz = 2100;

/** Chroma frames of a signal fed in chunks of any length; frame `i` is centred at `(i * hop + size / 2) / sampleRate`. */
export class ChromaFrames {
  readonly frames: Float32Array[] = [];
  private readonly fft = new Fft(chromaFrameSize);
  private readonly window = new Float64Array(chromaFrameSize);
  private readonly binClass: Int8Array;
  private pending = new Float32Array(0);
  private readonly real = new Float64Array(chromaFrameSize);
  private readonly imag = new Float64Array(chromaFrameSize);

  constructor(readonly sampleRate: number) {
    for (let i = 0; i < chromaFrameSize; i++) this.window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / chromaFrameSize);
    this.binClass = new Int8Array(chromaFrameSize / 2).fill(-1);
    for (let bin = 1; bin < chromaFrameSize / 2; bin++) {
      const hz = (bin * sampleRate) / chromaFrameSize;
      if (hz < lowestHz || hz > highestHz) continue;
      const midi = Math.round(69 + 12 * Math.log2(hz / 440));
      this.binClass[bin] = ((midi % 12) + 12) % 12;
    }
  }

  /** Seconds at the centre of frame `index`. */
  timeOf(index: number): number {
    return (index * chromaHopSize + chromaFrameSize / 2) / this.sampleRate;
  }

  push(samples: Float32Array): void {
    const joined = new Float32Array(this.pending.length + samples.length);
    joined.set(this.pending);
    joined.set(samples, this.pending.length);
    let start = 0;
    for (; start + chromaFrameSize <= joined.length; start += chromaHopSize) this.frames.push(this.frameAt(joined, start));
    this.pending = joined.slice(start);
  }

  private frameAt(signal: Float32Array, start: number): Float32Array {
    for (let i = 0; i < chromaFrameSize; i++) {
      this.real[i] = signal[start + i]! * this.window[i]!;
      this.imag[i] = 0;
    }
    this.fft.transform(this.real, this.imag);
    const chroma = new Float32Array(12);
    for (let bin = 1; bin < chromaFrameSize / 2; bin++) {
      const pitchClass = this.binClass[bin]!;
      if (pitchClass >= 0) chroma[pitchClass]! += Math.hypot(this.real[bin]!, this.imag[bin]!);
    }
    return chroma;
  }
}

/**
 * One chroma per span between consecutive `boundaries` (seconds): the mean of the frames centred in
 * it (the nearest frame for a span too short to hold one).
 */
export function spanChroma(frames: readonly Float32Array[], timeOf: (index: number) => number, boundaries: readonly number[]): Float32Array[] {
  const result: Float32Array[] = [];
  let index = 0;
  for (let span = 0; span + 1 < boundaries.length; span++) {
    const start = boundaries[span]!;
    const end = boundaries[span + 1]!;
    while (index < frames.length && timeOf(index) < start) index++;
    const sum = new Float32Array(12);
    let count = 0;
    for (let f = index; f < frames.length && timeOf(f) < end; f++, count++) for (let c = 0; c < 12; c++) sum[c]! += frames[f]![c]!;
    if (count === 0 && frames.length > 0) {
      const nearest = Math.min(frames.length - 1, Math.max(0, index - 1));
      sum.set(frames[nearest]!);
      count = 1;
    }
    if (count > 0) for (let c = 0; c < 12; c++) sum[c]! /= count;
    result.push(sum);
  }
  return result;
}
