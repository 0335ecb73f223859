import { type ChordSegment, chordChartText, mergeSegments, smoothBeats } from './chord-chart';
import { type MusicalKey, type Mode, type Triad, keyName, parseChordSymbol, pitchClassOf, relativeKey, triadName } from './chord-names';
import { hasSound } from './detect-tempo';
import { essentia, withVector } from './essentia';

/** Frame hop of the chroma (HPCP) frames: about 46 ms at 44.1 kHz. */
export const chromaHop = 2048;
const chromaFrame = 4096;

/** A song's key and a chord chart per analysed signal (chart text in the chord file format). */
export interface HarmonyResult {
  key: string | null;
  chords: Record<string, string>;
}

interface KeyVote {
  key: MusicalKey;
  weight: number;
}

/** Collects chroma frames and key votes window by window; {@link result} gives the key and beat-synchronous charts. */
export class HarmonyDetector {
  private readonly frames = new Map<string, Float32Array[]>();
  private readonly votes: KeyVote[] = [];

  /** `keySignal` carries the key votes; `bassSignal` (when the song has bass stems) tells the tonic apart from its relative. */
  constructor(
    private readonly keySignal: string,
    private readonly bassSignal?: string,
  ) {}

  /** Analyse one window; `signals` share a start and a length, a whole number of hops except at the end. */
  addWindow(signals: ReadonlyMap<string, Float32Array>, sampleRate: number, last: boolean): void {
    for (const [name, signal] of signals) {
      const frames = this.frames.get(name) ?? [];
      this.frames.set(name, frames);
      // Frames are centred on multiples of the hop; a window holds length/hop of them (the end of the last frame spills over).
      const wanted = last ? Math.ceil(signal.length / chromaHop) : Math.round(signal.length / chromaHop);
      if (signal.length < chromaFrame || !hasSound(signal)) {
        for (let i = 0; i < wanted; i++) frames.push(new Float32Array(36));
        continue;
      }
      const before = frames.length;
      try {
        this.analyseWindow(name, signal, frames, wanted, sampleRate);
      } catch (error) {
        // Essentia throws its C++ exceptions as strings; such a window counts as silent.
        if (error instanceof Error) throw error;
        frames.length = before;
        for (let i = 0; i < wanted; i++) frames.push(new Float32Array(36));
      }
    }
  }

  private analyseWindow(name: string, signal: Float32Array, frames: Float32Array[], wanted: number, sampleRate: number): void {
    const e = essentia();
    withVector(signal, (vector) => {
      const tonal = e.TonalExtractor(vector, chromaFrame, chromaHop, 440);
      try {
        for (let i = 0; i < wanted; i++) frames.push(i < tonal.hpcp.size() ? e.vectorToArray(tonal.hpcp.get(i)) : new Float32Array(36));
      } finally {
        for (const value of Object.values(tonal)) (value as { delete?: () => void } | undefined)?.delete?.();
      }
      if (name === this.keySignal) {
        // Essentia's key profiles ('bgate': bass-heavy popular music) on its own 12-bin chroma.
        const found = e.KeyExtractor(vector, true, 4096, 4096, 12, 3500, 60, 25, 0.2, 'bgate', sampleRate, 0.0001, 440, 'cosine', 'hann');
        const tonic = pitchClassOf(found.key);
        if (tonic !== undefined && (found.scale === 'major' || found.scale === 'minor')) {
          this.votes.push({ key: { tonic, mode: found.scale as Mode }, weight: found.strength * signal.length });
        }
      }
    });
  }

  /** Key and charts; `beats` (seconds) cut the song into chord slots, a 0.5 s grid when there are none. */
  result(beats: readonly number[], durationSeconds: number, sampleRate: number): HarmonyResult {
    const slots = beatSlots(beats, durationSeconds);
    const triads = new Map<string, Array<Triad | undefined>>();
    const bassRoots = this.bassRoots(slots, sampleRate);
    for (const [name, frames] of this.frames) {
      const found = this.chordsOf(frames, slots, sampleRate);
      triads.set(name, name === this.bassSignal ? found : found.map((triad, i) => overBass(triad, bassRoots[i])));
    }
    const key = this.decideKey(triads.get(this.keySignal) ?? [], slots);
    const chords: Record<string, string> = {};
    for (const [name, perSlot] of triads) {
      if (name === this.bassSignal) continue;
      const names = smoothBeats(perSlot.map((triad) => (triad ? triadName(triad, key) : '')));
      const segments: ChordSegment[] = names.map((chord, i) => ({ start: slots[i]!, end: slots[i + 1]!, chord }));
      const chart = mergeSegments(segments).filter((segment) => segment.chord !== '');
      if (chart.length > 0) chords[name] = chordChartText(chart);
    }
    return { key: key ? keyName(key) : null, chords };
  }

  /** One triad per slot (undefined where the signal is silent), by essentia's beat-wise chord detection. */
  private chordsOf(frames: readonly Float32Array[], slots: readonly number[], sampleRate: number): Array<Triad | undefined> {
    const e = essentia();
    const frameSeconds = chromaHop / sampleRate;
    const energyOf = (frame: Float32Array) => frame.reduce((sum, value) => sum + value, 0);
    const pcp = new e.module.VectorVectorFloat();
    const ticks = e.arrayToVector(Float32Array.from(slots));
    const made = frames.map((frame) => e.arrayToVector(frame));
    try {
      for (const vector of made) pcp.push_back(vector);
      let detected: ReturnType<typeof e.ChordsDetectionBeats>;
      try {
        detected = e.ChordsDetectionBeats(pcp, ticks, 'interbeat_median', chromaHop, sampleRate);
      } catch (error) {
        // Essentia's C++ exceptions arrive as strings (too few frames for the beats): no chords.
        if (error instanceof Error) throw error;
        return slots.slice(1).map(() => undefined);
      }
      try {
        const result: Array<Triad | undefined> = [];
        for (let i = 0; i + 1 < slots.length; i++) {
          // A slot whose frames are all silent has no chord, whatever the detector says.
          const first = Math.floor(slots[i]! / frameSeconds);
          const last = Math.min(frames.length, Math.ceil(slots[i + 1]! / frameSeconds));
          let sound = false;
          for (let f = first; f < last && !sound; f++) sound = energyOf(frames[f]!) > 0;
          result.push(sound && i < detected.chords.size() ? parseChordSymbol(detected.chords.get(i)) : undefined);
        }
        return result;
      } finally {
        detected.chords.delete();
        detected.strength.delete();
      }
    } finally {
      for (const vector of made) vector.delete();
      ticks.delete();
      pcp.delete();
    }
  }

  /** Per slot, the pitch class the bass stems dwell on (over half their chroma), if any. */
  private bassRoots(slots: readonly number[], sampleRate: number): Array<number | undefined> {
    const frames = this.bassSignal === undefined ? undefined : this.frames.get(this.bassSignal);
    const frameSeconds = chromaHop / sampleRate;
    return slots.slice(1).map((end, i) => {
      if (!frames) return undefined;
      const profile = new Array<number>(12).fill(0);
      for (let f = Math.floor(slots[i]! / frameSeconds); f < Math.min(frames.length, Math.ceil(end / frameSeconds)); f++) {
        const frame = frames[f]!;
        for (let bin = 0; bin < frame.length; bin++) profile[(Math.round(bin / 3) + 9) % 12]! += frame[bin]!;
      }
      const total = profile.reduce((sum, value) => sum + value, 0);
      const top = profile.indexOf(Math.max(...profile));
      return total > 0 && profile[top]! / total > 0.5 ? top : undefined;
    });
  }

  /** Share of the bass stems' chroma per pitch class (C = 0): a bass dwells on the tonic. */
  private bassProfile(): number[] | undefined {
    const frames = this.bassSignal === undefined ? undefined : this.frames.get(this.bassSignal);
    if (!frames || frames.length === 0) return undefined;
    const profile = new Array<number>(12).fill(0);
    for (const frame of frames) {
      // HPCP bin 0 is A (440 Hz), three bins per semitone; bin 3k is k semitones above A.
      for (let bin = 0; bin < frame.length; bin++) profile[(Math.round(bin / 3) + 9) % 12]! += frame[bin]!;
    }
    const sum = profile.reduce((total, value) => total + value, 0);
    return sum > 0 ? profile.map((value) => value / sum) : undefined;
  }

  /**
   * The profiles' vote, then major or its relative minor by the harmony (profiles alone confuse them):
   * longest-sounding tonic chord wins, with a bonus for ending on it and for the bass dwelling on it.
   */
  private decideKey(triads: ReadonlyArray<Triad | undefined>, slots: readonly number[]): MusicalKey | undefined {
    const totals = new Map<string, { key: MusicalKey; weight: number }>();
    for (const vote of this.votes) {
      const id = keyName(vote.key);
      const entry = totals.get(id) ?? { key: vote.key, weight: 0 };
      entry.weight += vote.weight;
      totals.set(id, entry);
    }
    const voted = [...totals.values()].sort((a, b) => b.weight - a.weight)[0]?.key;
    if (!voted) return undefined;
    const bass = this.bassProfile();
    const total = slots.at(-1)! - slots[0]!;
    const score = (key: MusicalKey) => {
      let seconds = 0;
      triads.forEach((triad, i) => {
        if (triad && triad.root === key.tonic && triad.minor === (key.mode === 'minor')) seconds += slots[i + 1]! - slots[i]!;
      });
      const lastTriad = triads.findLast((triad) => triad !== undefined);
      const endsOnTonic = lastTriad !== undefined && lastTriad.root === key.tonic && lastTriad.minor === (key.mode === 'minor');
      return seconds / total + (endsOnTonic ? 0.1 : 0) + (bass?.[key.tonic] ?? 0);
    };
    const relative = relativeKey(voted);
    return score(relative) > score(voted) ? relative : voted;
  }
}

/**
 * A seventh chord's upper triad read over its bass (Ab over F: Fm7; Dm over Bb: Bbmaj7): triads match
 * a chroma's three loudest notes, the upper three of a seventh chord; the bass names the root.
 */
export function overBass(triad: Triad | undefined, bass: number | undefined): Triad | undefined {
  if (!triad || bass === undefined) return triad;
  if (!triad.minor && (triad.root + 9) % 12 === bass) return { root: bass, minor: true };
  if (triad.minor && (triad.root + 8) % 12 === bass) return { root: bass, minor: false };
  return triad;
}

/** Slot boundaries from 0 to the end: the beats, or a half-second grid without them. */
function beatSlots(beats: readonly number[], durationSeconds: number): number[] {
  const inside = beats.filter((beat) => beat > 0.05 && beat < durationSeconds - 0.05);
  if (inside.length < 2) {
    const grid: number[] = [];
    for (let t = 0; t < durationSeconds; t += 0.5) grid.push(t);
    return [...grid, durationSeconds];
  }
  return [0, ...inside, durationSeconds];
}
