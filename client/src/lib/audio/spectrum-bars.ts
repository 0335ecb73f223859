import type { Decibels, NormalRange } from './units';

/** Spec 000 section 9: the analyser's FFT size, smoothing and bar count. */
export const ANALYSER_FFT_SIZE = 2048;
export const ANALYSER_SMOOTHING: NormalRange = 0.8;
export const SPECTRUM_BAR_COUNT = 32;

/** The decibel window the bars show. */
interface SpectrumRange {
  minDecibels: Decibels;
  maxDecibels: Decibels;
}

const defaultRange: SpectrumRange = { minDecibels: -100, maxDecibels: -20 };
const lowestFrequency = 20;

/** FFT bins in dB folded into bars of 0..1, spaced logarithmically from 20 Hz as the ear hears pitch. */
export function spectrumBars(
  binsDecibels: ArrayLike<number>,
  sampleRate: number,
  barCount: number = SPECTRUM_BAR_COUNT,
  range: SpectrumRange = defaultRange,
): NormalRange[] {
  if (!Number.isInteger(barCount) || barCount < 1) throw new RangeError(`barCount must be a positive integer, got ${barCount}`);
  if (!(sampleRate > 0)) throw new RangeError(`sampleRate must be positive, got ${sampleRate}`);
  if (!(range.maxDecibels > range.minDecibels)) throw new RangeError('maxDecibels must be above minDecibels');
  const binCount = binsDecibels.length;
  const nyquist = sampleRate / 2;
  const binOf = (frequency: number) => Math.min(binCount, Math.round((frequency / nyquist) * binCount));
  const ratio = nyquist / lowestFrequency;
  const bars: NormalRange[] = [];
  for (let bar = 0; bar < barCount; bar++) {
    const first = binOf(lowestFrequency * ratio ** (bar / barCount));
    const end = Math.max(first + 1, binOf(lowestFrequency * ratio ** ((bar + 1) / barCount)));
    let loudest = -Infinity;
    for (let bin = first; bin < Math.min(end, binCount); bin++) loudest = Math.max(loudest, binsDecibels[bin] ?? -Infinity);
    bars.push(normalise(loudest, range));
  }
  return bars;
}

function normalise(level: Decibels, { minDecibels, maxDecibels }: SpectrumRange): NormalRange {
  if (!(level > minDecibels)) return 0; // also -Infinity (silence) and NaN
  return Math.min(1, (level - minDecibels) / (maxDecibels - minDecibels));
}
