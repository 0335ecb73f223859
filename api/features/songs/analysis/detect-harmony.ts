import { type ChordSegment, chordChartText, mergeSegments } from './chord-chart';
import { type ChordDecoding, decodeChords, defaultChordDecoding, foldHpcp, slotChromas } from './chord-decoding';
import { type Mode, type Triad, keyName, pitchClassOf, triadName } from './chord-names';
import { hasSound } from './detect-tempo';
import { type KeyVote, decideKey } from './decide-key';
import { essentia, withVector } from './essentia';
import { HpcpAnalyser, hpcpSize } from './hpcp';
import { type TextureReading, stemTexture } from './stem-texture';

/**
 * Frame hop of the chroma (HPCP) frames at the harmony's rate (22.05 kHz, `harmonySampleRate`):
 * about 46 ms, frames of 93 ms, as 2048 and 4096 samples at 44.1 kHz were.
 */
export const chromaHop = 1024;
const chromaFrame = 2048;

/** A song's key and a chord chart per analysed signal (chart text in the chord file format). */
export interface HarmonyResult {
  key: string | null;
  chords: Record<string, string>;
  /** Per stem group that may get a chart: whether it plays chords, lines or nearly nothing (no chart but for chords). */
  textures: Record<string, TextureReading>;
}

/** What the detector is told about the song's signals. */
export interface HarmonySignals {
  /** The signal whose key profile votes decide the key, and the song's level a stem's texture is read against: the mix of every stem but the drums. */
  key: string;
  /** The signal whose chords are the song's (the `master` chart): the bass and accompaniment. */
  chords: string;
  /** The bass stems, when the song has them: their note is the root's evidence. */
  bass?: string;
  /** Stems that get a chart of their own when they play chords. */
  charts: readonly string[];
}

/** A signal's chroma frames and the level (RMS) of each frame, one per hop. */
interface SignalFrames {
  frames: Float32Array[];
  levels: number[];
}

/**
 * Collects chroma frames, frame levels and key votes window by window; {@link result} gives the key
 * and beat-synchronous charts.
 */
export class HarmonyDetector {
  private readonly signals = new Map<string, SignalFrames>();
  private readonly votes: KeyVote[] = [];
  private readonly chromaSignals: ReadonlySet<string>;
  private hpcp: HpcpAnalyser | undefined;

  constructor(private readonly roles: HarmonySignals) {
    this.chromaSignals = new Set([roles.chords, ...(roles.bass === undefined ? [] : [roles.bass]), ...roles.charts]);
  }

  /** Analyse one window; `signals` share a start and a length, a whole number of hops except at the end. */
  addWindow(signals: ReadonlyMap<string, Float32Array>, sampleRate: number, last: boolean): void {
    for (const [name, signal] of signals) {
      const collected = this.signals.get(name) ?? { frames: [], levels: [] };
      this.signals.set(name, collected);
      // Frames are centred on multiples of the hop; a window holds length/hop of them (the end of the last frame spills over).
      const wanted = last ? Math.ceil(signal.length / chromaHop) : Math.round(signal.length / chromaHop);
      const sounding = signal.length >= chromaFrame && hasSound(signal);
      collected.levels.push(...frameLevels(signal, wanted, sounding));
      const frames = collected.frames;
      if (!sounding) {
        for (let i = 0; i < wanted; i++) frames.push(new Float32Array(hpcpSize));
        continue;
      }
      this.analyseWindow(name, signal, frames, wanted, sampleRate);
    }
  }

  private analyseWindow(name: string, signal: Float32Array, frames: Float32Array[], wanted: number, sampleRate: number): void {
    if (this.chromaSignals.has(name)) {
      this.hpcp ??= new HpcpAnalyser(chromaFrame, chromaHop, sampleRate);
      frames.push(...this.hpcp.frames(signal, wanted));
    } else {
      for (let i = 0; i < wanted; i++) frames.push(new Float32Array(hpcpSize));
    }
    if (name !== this.roles.key) return;
    const e = essentia();
    try {
      withVector(signal, (vector) => {
        // Essentia's key profiles ('bgate': bass-heavy popular music) on its own 12-bin chroma, of frames as long as the chroma's.
        const found = e.KeyExtractor(vector, true, chromaFrame, chromaFrame, 12, 3500, 60, 25, 0.2, 'bgate', sampleRate, 0.0001, 440, 'cosine', 'hann');
        const tonic = pitchClassOf(found.key);
        if (tonic !== undefined && (found.scale === 'major' || found.scale === 'minor')) {
          this.votes.push({ key: { tonic, mode: found.scale as Mode }, weight: found.strength * signal.length });
        }
      });
    } catch (error) {
      // Essentia throws its C++ exceptions as strings; such a window gives no key vote.
      if (error instanceof Error) throw error;
    }
  }

  /** Key and charts; `beats` (seconds) cut the song into chord slots, a 0.5 s grid when there are none. */
  result(beats: readonly number[], durationSeconds: number, sampleRate: number, decoding: ChordDecoding = defaultChordDecoding): HarmonyResult {
    const slots = beatSlots(beats, durationSeconds);
    const frameSeconds = chromaHop / sampleRate;
    const chromasOf = (name: string | undefined) => {
      const signal = name === undefined ? undefined : this.signals.get(name);
      return signal ? slotChromas(signal.frames, signal.levels, slots, frameSeconds) : undefined;
    };
    const bass = chromasOf(this.roles.bass);
    const master = decodeChords(chromasOf(this.roles.chords) ?? [], bass, decoding);
    const key = decideKey(this.votes, master, slots, this.bassProfile());
    const chartOf = (perSlot: ReadonlyArray<Triad | undefined>) => {
      const segments: ChordSegment[] = perSlot.map((triad, i) => ({ start: slots[i]!, end: slots[i + 1]!, chord: triad ? triadName(triad, key) : '' }));
      const chart = mergeSegments(segments).filter((segment) => segment.chord !== '');
      return chart.length > 0 ? chordChartText(chart) : undefined;
    };
    const chords: Record<string, string> = {};
    const textures: Record<string, TextureReading> = {};
    const masterChart = chartOf(master);
    if (masterChart !== undefined) chords.master = masterChart;
    const song = this.signals.get(this.roles.key);
    for (const name of this.roles.charts) {
      const signal = this.signals.get(name);
      if (!signal || !song) continue;
      textures[name] = stemTexture(signal.frames, signal.levels, song.levels);
      if (textures[name].texture !== 'chords') continue;
      const chart = chartOf(decodeChords(chromasOf(name)!, bass, decoding));
      if (chart !== undefined) chords[name] = chart;
    }
    return { key: key ? keyName(key) : null, chords, textures };
  }

  /** Share of the bass stems' chroma per pitch class (C = 0): a bass dwells on the tonic. */
  private bassProfile(): number[] | undefined {
    const signal = this.roles.bass === undefined ? undefined : this.signals.get(this.roles.bass);
    if (!signal || signal.frames.length === 0) return undefined;
    const profile = new Float64Array(12);
    signal.frames.forEach((frame) => foldHpcp(frame, profile, 1));
    const sum = profile.reduce((total, value) => total + value, 0);
    return sum > 0 ? Array.from(profile, (value) => value / sum) : undefined;
  }
}

/**
 * The RMS of each frame of a window (frame `i` centred on sample `i * hop`, a hop either side),
 * zero for a silent window: the weight of the frame's chroma, whose HPCP is normalised to its peak.
 */
function frameLevels(signal: Float32Array, count: number, sounding: boolean): number[] {
  const levels = new Array<number>(count).fill(0);
  if (!sounding) return levels;
  for (let i = 0; i < count; i++) {
    const from = Math.max(0, (i - 1) * chromaHop);
    const to = Math.min(signal.length, (i + 1) * chromaHop);
    let sum = 0;
    for (let n = from; n < to; n++) sum += signal[n]! * signal[n]!;
    levels[i] = to > from ? Math.sqrt(sum / (to - from)) : 0;
  }
  return levels;
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
