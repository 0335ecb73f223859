/**
 * Where the song's first beat falls (seconds from the start of the signal), the origin of the
 * player's beat grid for count-in, click and loop snapping (decision 0032).
 *
 * Why not simply essentia's first tick: RhythmExtractor2013 (degara) needs a few beats of onset
 * history before its ticks lock on. On test click tracks its first ticks came 0.2 s off the beat,
 * or fell in the silence before the music (extrapolated backwards), and every tick sits on the
 * detection function's 11.6 ms frame grid. So the ticks are used for what they are good at, the
 * beat period and phase over the window (ticks after the first few), and the first beat is the
 * earliest onset (essentia's OnsetRate) that lies on that grid, refined to the sample on the signal.
 *
 * Limits: this is the first *beat* heard, taken as the downbeat (the bar's first beat). There is
 * no meter detection, so a pickup (anacrusis) or a count-in on sticks makes it a beat or a bar
 * early (the grid's beats are still right, its bar accents not); a first note off the beat (a
 * syncopated entry) is passed over for the first one on it. With no onset on the grid, or too few
 * ticks, there is none.
 */
export function firstDownbeat(ticks: readonly number[], onsets: readonly number[], signal: Float32Array, sampleRate: number): number | null {
  // The first ticks are the tracker locking on; the rest give the grid.
  const settled = ticks.length >= 8 ? ticks.slice(2) : ticks;
  if (settled.length < 4) return null;
  const period = median(settled.slice(1).map((tick, index) => tick - settled[index]!));
  if (!(period > 0)) return null;
  const phase = circularMeanPhase(settled, period);
  // On the beat: within a fifth of a beat of the grid (eighths and sixteenths are not) and within
  // 70 ms (ticks and onsets each come up to about 25 ms early; a note a quarter of a slow beat
  // away, such as a chord before the drums come in, is not on it).
  const tolerance = Math.min(period * 0.2, 0.07);
  for (const onset of onsets) {
    const offset = onset - phase;
    const distance = Math.abs(offset - Math.round(offset / period) * period);
    if (distance <= tolerance) return Math.round(refineOnset(signal, sampleRate, onset) * 1000) / 1000;
  }
  return null;
}

/** The grid phase (0..period) the times fit best: their mean angle on a circle of one period. */
export function circularMeanPhase(times: readonly number[], period: number): number {
  let cos = 0;
  let sin = 0;
  for (const time of times) {
    const angle = (2 * Math.PI * time) / period;
    cos += Math.cos(angle);
    sin += Math.sin(angle);
  }
  const angle = Math.atan2(sin, cos);
  return (((angle / (2 * Math.PI)) * period) % period + period) % period;
}

/** Block length of the envelope the onset is refined on: 1 ms. */
const blockSeconds = 0.001;
/** Blocks an attack is compared with: 8 ms, longer than a cycle of any but the lowest notes. */
const historyBlocks = 8;

/**
 * The onset near `estimate` to the sample: OnsetRate reports it on its frame grid (11.6 ms at 44.1
 * kHz) and up to two frames early. Looks from 30 ms before to 60 ms after it for the attack: the
 * 1 ms block whose peak rises most above the 8 ms before it (so a chord already sounding is not
 * taken for it), then the first sample of that block above halfway up the rise. Before the start
 * of the signal counts as silence. Without a clear rise, the estimate stands.
 */
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
