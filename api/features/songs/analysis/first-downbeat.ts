/**
 * Where the song's first beat falls (seconds), the beat grid's origin (decision 0032): the earliest
 * onset on the grid of the settled ticks, refined to the sample. No meter detection.
 */
export function firstDownbeat(ticks: readonly number[], onsets: readonly number[], signal: Float32Array, sampleRate: number): number | null {
  // The first ticks are the tracker locking on; the rest give the grid.
  const settled = ticks.length >= 8 ? ticks.slice(2) : ticks;
  if (settled.length < 4) return null;
  for (const onset of onsets) {
    const grid = localGrid(settled, onset);
    if (!grid) return null;
    const { period } = grid;
    // On the beat: within a fifth of a beat of the grid and within 70 ms (ticks and onsets come up to 25 ms early).
    const tolerance = Math.min(period * 0.2, 0.07);
    const offset = onset - grid.phase;
    const distance = Math.abs(offset - Math.round(offset / period) * period);
    if (distance <= tolerance) return Math.round(refineOnset(signal, sampleRate, onset) * 1000) / 1000;
  }
  return null;
}

/** Ticks a local grid is fitted to: about 8 s of beats, short enough for a tempo that drifts a little. */
const gridTicks = 16;

/**
 * The beat grid around `time`: a least-squares line through the `gridTicks` nearest settled ticks.
 * Not a median interval: ticks sit on an 11.6 ms frame grid, so single intervals are off by up to 2%.
 */
export function localGrid(settled: readonly number[], time: number): { phase: number; period: number } | null {
  let nearest = 0;
  for (let index = 1; index < settled.length; index++) if (Math.abs(settled[index]! - time) < Math.abs(settled[nearest]! - time)) nearest = index;
  const start = Math.max(0, Math.min(nearest - gridTicks / 2, settled.length - gridTicks));
  const window = settled.slice(start, start + gridTicks);
  if (window.length < 4) return null;
  const rough = median(window.slice(1).map((tick, index) => tick - window[index]!));
  if (!(rough > 0)) return null;
  const beats = window.map((tick) => Math.round((tick - window[0]!) / rough));
  const count = window.length;
  const meanBeat = beats.reduce((sum, beat) => sum + beat, 0) / count;
  const meanTick = window.reduce((sum, tick) => sum + tick, 0) / count;
  let covariance = 0;
  let variance = 0;
  for (let index = 0; index < count; index++) {
    covariance += (beats[index]! - meanBeat) * (window[index]! - meanTick);
    variance += (beats[index]! - meanBeat) ** 2;
  }
  const period = variance > 0 ? covariance / variance : rough;
  if (!(period > 0)) return null;
  // The time of the window's beat 0: a point of the grid.
  return { phase: meanTick - period * meanBeat, period };
}

/** Block length of the envelope the onset is refined on: 1 ms. */
const blockSeconds = 0.001;
/** Blocks an attack is compared with: 8 ms, longer than a cycle of any but the lowest notes. */
const historyBlocks = 8;

/** The onset near `estimate` to the sample: the 1 ms block rising most above the 8 ms before it, then its first sample past half the rise. */
export function refineOnset(signal: Float32Array, sampleRate: number, estimate: number): number {
  const block = Math.max(1, Math.round(blockSeconds * sampleRate));
  const from = Math.max(0, Math.round((estimate - 0.03) * sampleRate));
  const to = Math.min(signal.length, Math.round((estimate + 0.06) * sampleRate));
  if (to - from < 4 * block) return estimate;
  const peaks: number[] = [];
  for (let start = from; start < to; start += block) {
    let peak = 0;
    for (let i = start; i < Math.min(to, start + block); i++) peak = Math.max(peak, Math.abs(signal[i]!));
    peaks.push(peak);
  }
  let best = { index: -1, rise: 0, prior: 0 };
  for (let index = 0; index < peaks.length; index++) {
    const history = peaks.slice(Math.max(0, index - historyBlocks), index);
    // A block with no history is only an attack at the very start of the signal.
    if (history.length === 0 && from > 0) continue;
    const prior = Math.max(0, ...history);
    const rise = peaks[index]! - prior;
    if (rise > best.rise) best = { index, rise, prior };
  }
  if (best.index < 0 || best.rise < 0.1 * Math.max(...peaks)) return estimate;
  const threshold = best.prior + best.rise / 2;
  const blockStart = from + best.index * block;
  for (let i = blockStart; i < Math.min(to, blockStart + block); i++) {
    if (Math.abs(signal[i]!) >= threshold) return i / sampleRate;
  }
  return blockStart / sampleRate;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
