import { essentia, withVector } from './essentia';
import { firstDownbeat, refineOnset } from './first-downbeat';
import { halveWhole } from './half-rate';

/** A song's tempo and the beats it was counted from (seconds from the start of the song). */
export interface TempoResult {
  bpm: number | null;
  beats: number[];
  /** The first beat heard, taken as the first downbeat (see `firstDownbeat`); null without a tempo. */
  firstBeat: number | null;
}

/** Windows shorter than this say little about tempo, unless the song has nothing longer. */
const minimumWindowSeconds = 6;
/** Below this, no tempo at all: a few beats cannot be told from chance. */
const shortestSeconds = 3;

/** How strongly onsets line up on a grid of `period` seconds: 1 when all on it, near 0 at random. */
export function gridAlignment(onsets: readonly number[], period: number): number {
  if (onsets.length === 0) return 0;
  let cos = 0;
  let sin = 0;
  for (const time of onsets) {
    const angle = (2 * Math.PI * time) / period;
    cos += Math.cos(angle);
    sin += Math.sin(angle);
  }
  return Math.hypot(cos, sin) / onsets.length;
}

/** Sharpen a tempo estimate (within 4%) to the eighth- or sixteenth-note grid the onsets fit best; the octave stays. */
export function refineTempo(onsets: readonly number[], estimate: number): number {
  if (onsets.length < 8) return estimate;
  let best = estimate;
  let bestScore = -1;
  for (let bpm = estimate * 0.96; bpm <= estimate * 1.04; bpm += 0.02) {
    for (const division of [2, 4]) {
      const score = gridAlignment(onsets, 60 / bpm / division);
      if (score > bestScore) {
        bestScore = score;
        best = bpm;
      }
    }
  }
  return best;
}

/** Collects tempo evidence window by window; {@link result} gives the song's tempo. */
export class TempoDetector {
  private readonly estimates: Array<{ bpm: number; seconds: number }> = [];
  private readonly beats: number[] = [];
  private readonly onsets: number[] = [];
  private firstBeat: number | null = null;
  private seen = 0;

  /** Analyse one window of the rhythm signal (the drums when the song has them, else the mix). */
  addWindow(signal: Float32Array, startSeconds: number, sampleRate: number): void {
    const seconds = signal.length / sampleRate;
    this.seen += 1;
    if (seconds < minimumWindowSeconds && this.seen > 1) return;
    if (!hasSound(signal) || seconds < shortestSeconds) return;
    try {
      this.analyseWindow(signal, startSeconds, sampleRate, seconds);
    } catch (error) {
      // Essentia throws C++ exceptions as strings (nothing rhythmic found): no evidence, not an error.
      if (error instanceof Error) throw error;
    }
  }

  private analyseWindow(signal: Float32Array, startSeconds: number, sampleRate: number, seconds: number): void {
    const e = essentia();
    // Onsets are found at half the rate, and at half the cost: essentia's OnsetRate takes any signal
    // as 44.1 kHz, so its times come out halved. A drum's attack still stands out below 5.5 kHz,
    // but its frames are then 23 ms apart, too coarse to sharpen a short song's tempo (a 16 s click
    // at 100 BPM read 100.1), so each onset is placed to the sample on the full-rate signal.
    const onsets = withVector(halveWhole(signal), (vector) => {
      const found = e.OnsetRate(vector);
      try {
        return Array.from(e.vectorToArray(found.onsets), (onset) => onset * 2);
      } finally {
        found.onsets.delete();
      }
    });
    withVector(signal, (vector) => {
      const rhythm = e.RhythmExtractor2013(vector, 208, 'degara', 40);
      try {
        const ticks = e.vectorToArray(rhythm.ticks);
        if (Number.isFinite(rhythm.bpm) && rhythm.bpm > 0 && ticks.length >= 4) this.estimates.push({ bpm: rhythm.bpm, seconds });
        // Beats near the window's edge are guesses of the tracker; the next window has them better.
        const last = this.beats.at(-1) ?? -Infinity;
        for (const tick of ticks) if (startSeconds + tick > last + 0.1) this.beats.push(startSeconds + tick);
        for (const onset of onsets) this.onsets.push(startSeconds + refineOnset(signal, sampleRate, onset));
        // Windows come in time order: the first that finds a beat on its grid has the song's first.
        if (this.firstBeat === null && ticks.length >= 4) {
          const first = firstDownbeat(Array.from(ticks), onsets, signal, sampleRate);
          if (first !== null) this.firstBeat = startSeconds + first;
        }
      } finally {
        for (const vector of [rhythm.ticks, rhythm.estimates, rhythm.bpmIntervals]) vector.delete();
      }
    });
  }

  result(): TempoResult {
    if (this.estimates.length === 0) return { bpm: null, beats: [], firstBeat: null };
    // The duration-weighted median of the windows' tempi: one odd window (a break) does not move it.
    const sorted = [...this.estimates].sort((a, b) => a.bpm - b.bpm);
    const half = sorted.reduce((sum, estimate) => sum + estimate.seconds, 0) / 2;
    let covered = 0;
    let median = sorted[0]!.bpm;
    for (const estimate of sorted) {
      covered += estimate.seconds;
      median = estimate.bpm;
      if (covered >= half) break;
    }
    const bpm = refineTempo(this.onsets, median);
    return {
      bpm: Math.round(bpm * 10) / 10,
      beats: this.beats.map((beat) => Math.round(beat * 1000) / 1000),
      firstBeat: this.firstBeat === null ? null : Math.round(this.firstBeat * 1000) / 1000,
    };
  }
}

/** Whether a signal is more than silence (about -70 dBFS RMS). */
export function hasSound(signal: Float32Array): boolean {
  let sum = 0;
  for (let i = 0; i < signal.length; i++) sum += signal[i]! * signal[i]!;
  return signal.length > 0 && Math.sqrt(sum / signal.length) > 3e-4;
}
