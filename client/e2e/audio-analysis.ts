/** Signal checks of rendered audio for the practice audio tests: plain arithmetic, no audio API. */

/** The strongest frequency (Hz) of `samples` from `start`, by a Hann-windowed FFT of `size` (a power of 2), interpolated between bins. */
export function peakFrequency(samples: ArrayLike<number>, start: number, size: number, sampleRate: number): number {
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let index = 0; index < size; index++) re[index] = (samples[start + index] ?? 0) * (0.5 - 0.5 * Math.cos((2 * Math.PI * index) / (size - 1)));
  fft(re, im);
  const magnitude = (bin: number) => Math.hypot(re[bin]!, im[bin]!);
  let peak = 1;
  for (let bin = 2; bin < size / 2; bin++) if (magnitude(bin) > magnitude(peak)) peak = bin;
  // Parabolic interpolation on the log magnitudes around the peak bin.
  const [a, b, c] = [magnitude(peak - 1), magnitude(peak), magnitude(peak + 1)].map((value) => Math.log(value + 1e-12)) as [number, number, number];
  const offset = (0.5 * (a - c)) / (a - 2 * b + c);
  return ((peak + offset) * sampleRate) / size;
}

/** In-place iterative radix-2 FFT. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let index = 1, reversed = 0; index < n; index++) {
    let bit = n >> 1;
    for (; reversed & bit; bit >>= 1) reversed ^= bit;
    reversed ^= bit;
    if (index < reversed) {
      [re[index], re[reversed]] = [re[reversed]!, re[index]!];
      [im[index], im[reversed]] = [im[reversed]!, im[index]!];
    }
  }
  for (let length = 2; length <= n; length <<= 1) {
    const angle = (-2 * Math.PI) / length;
    for (let start = 0; start < n; start += length) {
      for (let k = 0; k < length / 2; k++) {
        const cos = Math.cos(angle * k);
        const sin = Math.sin(angle * k);
        const evenRe = re[start + k]!;
        const evenIm = im[start + k]!;
        const oddRe = re[start + k + length / 2]! * cos - im[start + k + length / 2]! * sin;
        const oddIm = re[start + k + length / 2]! * sin + im[start + k + length / 2]! * cos;
        re[start + k] = evenRe + oddRe;
        im[start + k] = evenIm + oddIm;
        re[start + k + length / 2] = evenRe - oddRe;
        im[start + k + length / 2] = evenIm - oddIm;
      }
    }
  }
}

/** The first and last sample (in seconds) whose 10 ms RMS reaches `threshold`: where a tone sounds. */
export function soundingSpan(samples: ArrayLike<number>, sampleRate: number, threshold: number): { start: number; end: number } {
  const window = Math.round(sampleRate * 0.01);
  let start = -1;
  let end = -1;
  for (let from = 0; from + window <= samples.length; from += window) {
    let sum = 0;
    for (let index = from; index < from + window; index++) sum += samples[index]! ** 2;
    if (Math.sqrt(sum / window) >= threshold) {
      if (start < 0) start = from;
      end = from + window;
    }
  }
  return { start: start / sampleRate, end: end / sampleRate };
}

/** Onsets (s): where |signal| first reaches `threshold` after at least `gap` seconds below it. */
export function onsets(samples: ArrayLike<number>, sampleRate: number, threshold: number, gap: number): number[] {
  const found: number[] = [];
  let quietSince = 0;
  const gapSamples = Math.round(gap * sampleRate);
  for (let index = 0; index < samples.length; index++) {
    if (Math.abs(samples[index]!) >= threshold) {
      if (index - quietSince >= gapSamples) found.push(index / sampleRate);
      quietSince = index + 1;
    }
  }
  return found;
}

/** The largest absolute step between neighbouring samples in [from, to). */
export function largestStep(samples: ArrayLike<number>, from: number, to: number): number {
  let largest = 0;
  for (let index = Math.max(1, from); index < to; index++) largest = Math.max(largest, Math.abs(samples[index]! - samples[index - 1]!));
  return largest;
}
