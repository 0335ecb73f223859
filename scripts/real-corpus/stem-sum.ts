/**
 * The check that the stems are the arrangement split, not a different performance: the sum of the
 * stem renders against the render of the whole MIDI file, sample by sample, and where each stem first
 * sounds. A residual far below the music (-100 dB and lower) means the stems start together and sum
 * to the full arrangement; a stem shifted by one sample would leave a residual near -20 dB.
 */
import { openFloatWav, readFrames } from './float-wav';

export interface StemSumReport {
  /** Energy of (sum of stems - full render) over the full render's energy, in dB. */
  residualDb: number;
  /** The full render's peak, linear (1 = full scale). */
  fullPeak: number;
  frames: number;
  sampleRate: number;
  /** Seconds at which each stem first rises above -80 dBFS, by stem path. */
  firstSound: Record<string, number | null>;
}

const chunkFrames = 65_536;
const silence = 1e-4;

export async function compareStemSum(fullPath: string, stemPaths: readonly string[]): Promise<StemSumReport> {
  const full = await openFloatWav(fullPath);
  const stems = await Promise.all(stemPaths.map((path) => openFloatWav(path)));
  try {
    for (const [index, stem] of stems.entries()) {
      if (stem.channels !== full.channels || stem.sampleRate !== full.sampleRate) throw new Error(`${stemPaths[index]} is not rendered like ${fullPath}`);
    }
    const frames = Math.max(full.frames, ...stems.map((stem) => stem.frames));
    const firstSound: Record<string, number | null> = Object.fromEntries(stemPaths.map((path) => [path, null]));
    let signal = 0;
    let error = 0;
    let fullPeak = 0;
    for (let start = 0; start < frames; start += chunkFrames) {
      const count = Math.min(chunkFrames, frames - start);
      const whole = await readFrames(full, start, count);
      const sum = new Float64Array(whole.length);
      for (const [index, stem] of stems.entries()) {
        const samples = await readFrames(stem, start, count);
        const path = stemPaths[index]!;
        for (let i = 0; i < samples.length; i++) {
          const value = samples[i]!;
          sum[i]! += value;
          if (firstSound[path] === null && Math.abs(value) > silence) firstSound[path] = (start + Math.floor(i / stem.channels)) / stem.sampleRate;
        }
      }
      for (let i = 0; i < whole.length; i++) {
        const value = whole[i]!;
        signal += value * value;
        error += (sum[i]! - value) ** 2;
        fullPeak = Math.max(fullPeak, Math.abs(value));
      }
    }
    // An exact match has no residual at all; it is reported as -200 dB rather than minus infinity.
    const residualDb = signal === 0 ? 0 : error === 0 ? -200 : 10 * Math.log10(error / signal);
    return { residualDb: Math.round(residualDb * 10) / 10, fullPeak, frames, sampleRate: full.sampleRate, firstSound };
  } finally {
    await Promise.all([full, ...stems].map((wav) => wav.handle.close()));
  }
}
