/**
 * Chords from chroma, one per beat, decoded over the whole song: each beat's loudness-weighted
 * chroma is compared with the 24 major and minor triads (the bass stems' note adding to the root's
 * evidence), and a Viterbi pass picks the sequence that explains the beats best while paying for
 * every change. Harmony changes every bar or two, not on every beat a passing note colours, so a
 * change must be worth more than its price to be taken.
 */
import type { Triad } from './chord-names';

/** How a song's chords are decoded; the defaults are what the analysis uses. */
export interface ChordDecoding {
  /** Evidence a change must add over the beats it covers, in cosine units (0 to 1 per beat). */
  switchPenalty: number;
  /** Weight of the share of the bass's chroma on a chord's root. */
  bassWeight: number;
  /**
   * Amplitude of each overtone relative to the one below it, in the chord templates: a note's third
   * harmonic sounds its fifth and its fifth harmonic its major third, so a chroma of F, A and C also
   * lights E (A's third harmonic) and a template of the triad alone hears Am in it.
   */
  harmonicDecay: number;
}

export const defaultChordDecoding: ChordDecoding = { switchPenalty: 0.15, bassWeight: 0.2, harmonicDecay: 0.6 };

/** Semitones above a note of its first six harmonics, folded to the octave. */
const harmonicIntervals = [0, 0, 7, 0, 4, 7];

/** Unit-length chord templates (24, in the order of {@link chordStates}) for an overtone decay. */
function chordTemplates(decay: number): Float64Array[] {
  return Array.from({ length: 24 }, (_, state) => {
    const root = state >> 1;
    const template = new Float64Array(12);
    for (const interval of [0, state & 1 ? 3 : 4, 7]) {
      harmonicIntervals.forEach((harmonic, h) => {
        if (h === 0 || decay > 0) template[(root + interval + harmonic) % 12]! += decay ** h;
      });
    }
    const norm = Math.hypot(...template);
    return template.map((value) => value / norm);
  });
}

const templateCache = new Map<number, Float64Array[]>();

/** A slot's chroma: 12 pitch classes (C = 0) summed over its frames, each weighted by the frame's level. */
export type SlotChroma = Float64Array;

/**
 * An HPCP frame of 36 bins (bin 0 is A at 440 Hz, three bins per semitone) folded to 12 pitch
 * classes with C first.
 */
export function foldHpcp(frame: ArrayLike<number>, into: Float64Array, weight: number): void {
  const bins = frame.length;
  const perSemitone = bins / 12;
  for (let bin = 0; bin < bins; bin++) into[(Math.round(bin / perSemitone) + 9) % 12]! += weight * frame[bin]!;
}

/**
 * Per slot (between consecutive `slots` boundaries, seconds), the level-weighted sum of the folded
 * chroma of the frames centred in it (the nearest frame for a slot shorter than a hop); undefined
 * where the frames are silent.
 */
export function slotChromas(frames: readonly ArrayLike<number>[], levels: ArrayLike<number>, slots: readonly number[], frameSeconds: number): Array<SlotChroma | undefined> {
  const result: Array<SlotChroma | undefined> = [];
  for (let i = 0; i + 1 < slots.length; i++) {
    const first = Math.max(0, Math.ceil(slots[i]! / frameSeconds));
    let last = Math.min(frames.length, Math.ceil(slots[i + 1]! / frameSeconds));
    let from = first;
    if (last <= from) {
      from = Math.min(frames.length - 1, Math.round((slots[i]! + slots[i + 1]!) / 2 / frameSeconds));
      last = from + 1;
    }
    const chroma = new Float64Array(12);
    let weight = 0;
    for (let f = from; f < last; f++) {
      const level = levels[f] ?? 0;
      if (level <= 0) continue;
      foldHpcp(frames[f]!, chroma, level);
      weight += level;
    }
    result.push(weight > 0 && chroma.some((value) => value > 0) ? chroma : undefined);
  }
  return result;
}

/** The 24 chord states in order C, Cm, C#, C#m, ... B, Bm, then no chord. */
export const chordStates: readonly (Triad | undefined)[] = [...Array.from({ length: 24 }, (_, i) => ({ root: i >> 1, minor: (i & 1) === 1 })), undefined];
const noChordState = 24;

/** How well each chord state explains one slot: the cosine with its template, plus the bass's share on its root. */
export function stateScores(chroma: SlotChroma | undefined, bass: SlotChroma | undefined, bassWeight: number, harmonicDecay = 0): Float64Array {
  const scores = new Float64Array(chordStates.length);
  if (!chroma) {
    // Silence is no chord; a chord can still hold over it at no cost but the change.
    scores[noChordState] = 1;
    return scores;
  }
  let templates = templateCache.get(harmonicDecay);
  if (!templates) templateCache.set(harmonicDecay, (templates = chordTemplates(harmonicDecay)));
  const norm = Math.hypot(...chroma);
  let bassTotal = 0;
  if (bass) for (const value of bass) bassTotal += value;
  for (let state = 0; state < noChordState; state++) {
    const template = templates[state]!;
    let dot = 0;
    for (let pitchClass = 0; pitchClass < 12; pitchClass++) dot += template[pitchClass]! * chroma[pitchClass]!;
    const bassShare = bassTotal > 0 ? bass![chordStates[state]!.root]! / bassTotal : 0;
    scores[state] = dot / norm + bassWeight * bassShare;
  }
  scores[noChordState] = -1;
  return scores;
}

/**
 * The state sequence with the highest total score, every change of state costing `switchPenalty`
 * (Viterbi with a flat transition matrix whose diagonal is favoured).
 */
export function viterbi(scores: readonly Float64Array[], switchPenalty: number): number[] {
  if (scores.length === 0) return [];
  const states = scores[0]!.length;
  let total = Float64Array.from(scores[0]!);
  const from: Int32Array[] = [];
  for (let t = 1; t < scores.length; t++) {
    let best = 0;
    for (let s = 1; s < states; s++) if (total[s]! > total[best]!) best = s;
    const next = new Float64Array(states);
    const back = new Int32Array(states);
    for (let s = 0; s < states; s++) {
      const stay = total[s]!;
      const change = total[best]! - switchPenalty;
      back[s] = stay >= change ? s : best;
      next[s] = Math.max(stay, change) + scores[t]![s]!;
    }
    from.push(back);
    total = next;
  }
  let state = 0;
  for (let s = 1; s < states; s++) if (total[s]! > total[state]!) state = s;
  const path = new Array<number>(scores.length);
  path[scores.length - 1] = state;
  for (let t = scores.length - 1; t > 0; t--) {
    state = from[t - 1]![state]!;
    path[t - 1] = state;
  }
  return path;
}

/** One triad per slot (undefined for no chord): the decoded chords of `chromas`, with the bass's chromas as root evidence. */
export function decodeChords(chromas: ReadonlyArray<SlotChroma | undefined>, bass: ReadonlyArray<SlotChroma | undefined> | undefined, decoding: ChordDecoding = defaultChordDecoding): Array<Triad | undefined> {
  const scores = chromas.map((chroma, i) => stateScores(chroma, bass?.[i], decoding.bassWeight, decoding.harmonicDecay));
  return viterbi(scores, decoding.switchPenalty).map((state) => chordStates[state]);
}
