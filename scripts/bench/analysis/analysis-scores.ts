/** How an analysis is scored against ground truth: tempo, key and chord charts. Shared by the demo and real-corpus benches. */
import { hasThird, type MusicalKey, parseChordSymbol, parseKey, relativeKey } from '../../../api/features/songs/analysis/chord-names';

/** A chord from `start` until `end` (seconds). */
export interface TimedChord {
  start: number;
  end: number;
  chord: string;
}

export const bpmTolerance = 0.02;
/** Chords are compared every 0.1 s, at the middle of each step. */
export const chordStep = 0.1;

/** A chord file's text (`[mm:ss.xx] Chord` lines) as timed chords, the last lasting until `durationSeconds`. */
export function parseChart(text: string, durationSeconds: number): TimedChord[] {
  const lines = text
    .split('\n')
    .map((line) => /^\[(\d+):(\d+(?:\.\d+)?)\]\s*(\S+)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ start: Number(match[1]) * 60 + Number(match[2]), chord: match[3]! }));
  return lines.map((line, i) => ({ ...line, end: lines[i + 1]?.start ?? durationSeconds }));
}

/** The chord sounding at `time`, if any. */
function chordAt(chart: readonly TimedChord[], time: number): string | undefined {
  return chart.find((chord) => time >= chord.start && time < chord.end)?.chord;
}

export interface ChordScore {
  /** 0.1 s samples where the truth names a chord. */
  samples: number;
  /** Samples whose detected chord has the truth's root and third (major or minor; any third for a chord without one). */
  majmin: number;
  /** Samples whose detected chord has the truth's root. */
  root: number;
}

/** Root-and-third agreement of `detected` with `truth`, every {@link chordStep} seconds; samples without a true chord do not count. */
export function scoreChart(truth: readonly TimedChord[], detected: readonly TimedChord[], durationSeconds: number): ChordScore {
  let samples = 0;
  let majmin = 0;
  let root = 0;
  for (let time = chordStep / 2; time < durationSeconds; time += chordStep) {
    const expected = chordAt(truth, time);
    if (expected === undefined) continue;
    samples += 1;
    const found = chordAt(detected, time);
    const want = parseChordSymbol(expected);
    const got = found === undefined ? undefined : parseChordSymbol(found);
    if (!want || !got || want.root !== got.root) continue;
    root += 1;
    if (!hasThird(expected) || want.minor === got.minor) majmin += 1;
  }
  return { samples, majmin, root };
}

/** Sum of scores, for a figure pooled over songs. */
export function addScores(a: ChordScore, b: ChordScore): ChordScore {
  return { samples: a.samples + b.samples, majmin: a.majmin + b.majmin, root: a.root + b.root };
}

export const noScore: ChordScore = { samples: 0, majmin: 0, root: 0 };

/** What a detected tempo is to the truth: right (within 2%), an octave off (x2, x1/2), 2:3 off (x3/2, x2/3, x3, x1/3), or else wrong. */
export type TempoVerdict = 'right' | 'octave' | 'twoThree' | 'wrong' | 'none';

export function tempoVerdict(detected: number | null, truth: number): TempoVerdict {
  if (detected === null || !(detected > 0)) return 'none';
  const ratio = detected / truth;
  const near = (factor: number) => Math.abs(ratio / factor - 1) <= bpmTolerance;
  if (near(1)) return 'right';
  if (near(2) || near(1 / 2)) return 'octave';
  if ([3 / 2, 2 / 3, 3, 1 / 3].some(near)) return 'twoThree';
  return 'wrong';
}

/** What a detected key is to the truth: exact, its relative, its parallel, a fifth away in the same mode, or else wrong. */
export type KeyVerdict = 'exact' | 'relative' | 'parallel' | 'fifth' | 'wrong' | 'none';

export function keyVerdict(detected: string | null, truth: string): KeyVerdict {
  const want = parseKey(truth);
  const got = detected === null ? undefined : parseKey(detected);
  if (!want) throw new Error(`Not a key: ${truth}`);
  if (!got) return 'none';
  const same = (a: MusicalKey, b: MusicalKey) => a.tonic === b.tonic && a.mode === b.mode;
  if (same(got, want)) return 'exact';
  if (same(got, relativeKey(want))) return 'relative';
  if (got.tonic === want.tonic) return 'parallel';
  if (got.mode === want.mode && ((got.tonic - want.tonic + 12) % 12 === 7 || (got.tonic - want.tonic + 12) % 12 === 5)) return 'fifth';
  return 'wrong';
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`;
}
