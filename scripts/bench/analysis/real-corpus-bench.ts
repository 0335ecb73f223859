/**
 * `npm run bench:analysis -- --real`: Woodshed's analysis of the real corpus from its stems, against
 * the corpus's ground truth and, in the same run on the same mixes, independent baselines: Debian's
 * aubio beat tracker for tempo, textbook beat-synchronous chroma templates for chords, and
 * Krumhansl-Schmuckler key profiles for the key.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analysisSampleRate } from '../../../api/features/songs/analysis/decode-mono';
import { songAnalyser } from '../../../api/features/songs/analysis/song-analyser';
import { songWindows } from '../../../api/features/songs/analysis/song-windows';
import { isStemFilename } from '../../../api/features/songs/read-song-folder';
import { median } from '../run-summary';
import { table } from '../text-table';
import {
  type ChordScore,
  type KeyVerdict,
  type TempoVerdict,
  addScores,
  keyVerdict,
  noScore,
  parseChart,
  percent,
  scoreChart,
  tempoVerdict,
} from './analysis-scores';
import { aubioTempo } from './baselines/aubio';
import { ChromaFrames } from './baselines/chroma';
import { WavWriter } from './baselines/mix-wav';
import { textbookHarmony } from './baselines/textbook-harmony';
import { type CorpusTruth, changesPerMinute, hasComposersKey, readCorpusTruths, truthChords } from './corpus-truth';

/** Targets of the real corpus (docs/benchmarks.md). */
export const realTargets = { bpm: 0.9, key: 0.85, chartChords: 0.8 };

export interface SongResult {
  slug: string;
  minutes: number;
  chordTruth: 'chart' | 'notes';
  bpm: number;
  woodshedBpm: number | null;
  aubioBpm: number | null;
  aubioBeatsBpm: number | null;
  tempo: { woodshed: TempoVerdict; aubio: TempoVerdict; aubioBeats: TempoVerdict };
  key: string | null;
  woodshedKey: string | null;
  profileKey: string | null;
  keyVerdicts: { woodshed: KeyVerdict; profiles: KeyVerdict } | null;
  chords: Record<string, ChordScore>;
  baselineChords: ChordScore;
  changesPerMinute: { truth: number; woodshed: number; baseline: number };
  charts: string[];
  /** What the analysis read of each chartable stem group (chords, lines, silent), when it says. */
  textures: Record<string, unknown>;
  stemGroups: string[];
  secondsPerMinute: { woodshed: number; aubio: number; chroma: number };
}

/** The analysis and the baselines of one song. */
async function benchSong(songsDir: string, truth: CorpusTruth, scratch: string): Promise<SongResult> {
  const folder = path.join(songsDir, truth.folder);
  const stems = (await readdir(folder)).filter(isStemFilename).map((name) => path.join(folder, name));
  const minutes = truth.durationSeconds / 60;
  const analyser = songAnalyser();

  const started = performance.now();
  const tempo = await analyser.tempo(stems);
  const harmony = await analyser.harmony(stems, tempo.beats);
  const woodshedSeconds = (performance.now() - started) / 1000;

  // The baselines' input: the mix of every stem, decoded as the analysis decodes them.
  const wav = path.join(scratch, `${truth.slug}.wav`);
  const writer = await WavWriter.create(wav, analysisSampleRate);
  const chroma = new ChromaFrames(analysisSampleRate);
  let chromaSeconds = 0;
  for await (const window of songWindows([{ name: 'mix', stems }], [])) {
    const mix = window.signals.get('mix')!;
    await writer.write(mix);
    const chromaStarted = performance.now();
    chroma.push(mix);
    chromaSeconds += (performance.now() - chromaStarted) / 1000;
  }
  await writer.close();
  const aubioStarted = performance.now();
  const aubio = await aubioTempo(wav);
  const aubioSeconds = (performance.now() - aubioStarted) / 1000;
  await rm(wav, { force: true });
  const templatesStarted = performance.now();
  const baseline = textbookHarmony(chroma, aubio.beats, truth.durationSeconds);
  chromaSeconds += (performance.now() - templatesStarted) / 1000;

  const expected = truthChords(truth);
  const chords: Record<string, ChordScore> = {};
  for (const [instrument, text] of Object.entries(harmony.chords)) chords[instrument] = scoreChart(expected, parseChart(text, truth.durationSeconds), truth.durationSeconds);
  const master = harmony.chords.master === undefined ? [] : parseChart(harmony.chords.master, truth.durationSeconds);
  return {
    slug: truth.slug,
    minutes,
    chordTruth: truth.chordTruth,
    bpm: truth.bpm,
    woodshedBpm: tempo.bpm,
    aubioBpm: aubio.bpm,
    aubioBeatsBpm: aubio.beatsBpm,
    tempo: { woodshed: tempoVerdict(tempo.bpm, truth.bpm), aubio: tempoVerdict(aubio.bpm, truth.bpm), aubioBeats: tempoVerdict(aubio.beatsBpm, truth.bpm) },
    key: truth.key,
    woodshedKey: harmony.key,
    profileKey: baseline.key,
    keyVerdicts: hasComposersKey(truth) ? { woodshed: keyVerdict(harmony.key, truth.key), profiles: keyVerdict(baseline.key, truth.key) } : null,
    chords,
    baselineChords: scoreChart(expected, baseline.chords, truth.durationSeconds),
    changesPerMinute: {
      truth: changesPerMinute(expected, truth.durationSeconds),
      woodshed: changesPerMinute(master, truth.durationSeconds),
      baseline: changesPerMinute(baseline.chords, truth.durationSeconds),
    },
    charts: Object.keys(harmony.chords),
    textures: 'textures' in harmony ? (harmony.textures as Record<string, unknown>) : {},
    stemGroups: [...new Set(truth.stems.map((stem) => stem.part))],
    secondsPerMinute: { woodshed: woodshedSeconds / minutes, aubio: aubioSeconds / minutes, chroma: chromaSeconds / minutes },
  };
}

function count<T>(values: readonly T[], wanted: T): number {
  return values.filter((value) => value === wanted).length;
}

function pooled(results: readonly SongResult[], pick: (result: SongResult) => ChordScore | undefined): ChordScore {
  return results.reduce((sum, result) => addScores(sum, pick(result) ?? noScore), noScore);
}

function chordCell(score: ChordScore): string {
  return `${percent(score.majmin, score.samples)} (root ${percent(score.root, score.samples)})`;
}

/** The figures' tables, Woodshed beside each baseline, and whether the targets are met. */
export function reportReal(results: readonly SongResult[]): { text: string; summary: Record<string, unknown>; met: boolean } {
  const n = results.length;
  const woodshedTempo = results.map((result) => result.tempo.woodshed);
  const aubioTempoVerdicts = results.map((result) => result.tempo.aubio);
  const beatVerdicts = results.map((result) => result.tempo.aubioBeats);
  const tempoColumns = [woodshedTempo, aubioTempoVerdicts, beatVerdicts];
  const tempoTable = table(
    [`BPM (${n} pieces; truth: the MIDI file's longest tempo)`, 'Woodshed', 'aubio tempo', 'aubiotrack beats', 'target'],
    [
      ['within 2%', ...tempoColumns.map((verdicts) => percent(count(verdicts, 'right'), n)), '>= 90%, >= aubio'],
      ['octave errors (x2, x1/2)', ...tempoColumns.map((verdicts) => String(count(verdicts, 'octave'))), ''],
      ['2:3 errors (x3/2, x2/3, x3, x1/3)', ...tempoColumns.map((verdicts) => String(count(verdicts, 'twoThree'))), ''],
      ['other errors, none found', ...tempoColumns.map((verdicts) => String(count(verdicts, 'wrong') + count(verdicts, 'none'))), ''],
    ],
    1,
  );
  const keyed = results.filter((result) => result.keyVerdicts !== null);
  const woodshedKeys = keyed.map((result) => result.keyVerdicts!.woodshed);
  const profileKeys = keyed.map((result) => result.keyVerdicts!.profiles);
  const k = keyed.length;
  const keyTable = table(
    [`Key (${k} pieces whose file states the composer's key signature)`, 'Woodshed', 'K-S profiles', 'target'],
    [
      ['exact', percent(count(woodshedKeys, 'exact'), k), percent(count(profileKeys, 'exact'), k), '>= 85%, >= profiles'],
      ...(['relative', 'parallel', 'fifth'] as const).map((verdict) => [`${verdict} errors`, String(count(woodshedKeys, verdict)), String(count(profileKeys, verdict)), '']),
      ['other errors, none found', String(count(woodshedKeys, 'wrong') + count(woodshedKeys, 'none')), String(count(profileKeys, 'wrong') + count(profileKeys, 'none')), ''],
    ],
    1,
  );
  const chart = results.filter((result) => result.chordTruth === 'chart');
  const notes = results.filter((result) => result.chordTruth === 'notes');
  const masterChart = pooled(chart, (result) => result.chords.master);
  const baselineChart = pooled(chart, (result) => result.baselineChords);
  const masterNotes = pooled(notes, (result) => result.chords.master);
  const baselineNotes = pooled(notes, (result) => result.baselineChords);
  const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
  const changes = (group: readonly SongResult[], pick: (result: SongResult) => number) => mean(group.map(pick)).toFixed(1);
  const chordTable = table(
    ['Master chords, share of 0.1 s samples with root and third right', 'Woodshed', 'chroma templates', 'target'],
    [
      [`exact chart truth (${chart.length} MMA charts)`, chordCell(masterChart), chordCell(baselineChart), '>= 80%, >= templates'],
      [`approximate notes truth (${notes.length} MIDI pieces)`, chordCell(masterNotes), chordCell(baselineNotes), '>= templates'],
      [`chord changes a minute, charts (truth ${changes(chart, (result) => result.changesPerMinute.truth)})`, changes(chart, (result) => result.changesPerMinute.woodshed), changes(chart, (result) => result.changesPerMinute.baseline), ''],
      [`chord changes a minute, notes (truth ${changes(notes, (result) => result.changesPerMinute.truth)})`, changes(notes, (result) => result.changesPerMinute.woodshed), changes(notes, (result) => result.changesPerMinute.baseline), ''],
    ],
    1,
  );
  const instrumentRows = ['guitar', 'keys', 'bass'].map((instrument) => {
    const withStems = results.filter((result) => result.stemGroups.includes(instrument));
    const charted = withStems.filter((result) => result.chords[instrument] !== undefined);
    return [
      instrument,
      `${charted.length} of ${withStems.length}`,
      chordCell(pooled(charted.filter((result) => result.chordTruth === 'chart'), (result) => result.chords[instrument])),
      chordCell(pooled(charted.filter((result) => result.chordTruth === 'notes'), (result) => result.chords[instrument])),
    ];
  });
  const instrumentTable = table(['Per-instrument charts (against the song\'s chords)', 'songs charted / with the stem', 'chart truth', 'notes truth'], instrumentRows, 1);
  const speed = (pick: (result: SongResult) => number) => median(results.map(pick)).toFixed(2);
  const minutes = results.reduce((sum, result) => sum + result.minutes, 0);
  const speedTable = table(
    [`Seconds of analysis per minute of music (median of ${n} pieces, ${minutes.toFixed(1)} min)`, 'Woodshed', 'aubio', 'chroma templates + profiles'],
    [['median', speed((result) => result.secondsPerMinute.woodshed), speed((result) => result.secondsPerMinute.aubio), speed((result) => result.secondsPerMinute.chroma)]],
    1,
  );
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  const targets = {
    bpm: share(count(woodshedTempo, 'right'), n) >= realTargets.bpm,
    key: share(count(woodshedKeys, 'exact'), k) >= realTargets.key,
    chartChords: share(masterChart.majmin, masterChart.samples) >= realTargets.chartChords,
    bpmAtLeastAubio: count(woodshedTempo, 'right') >= Math.max(count(aubioTempoVerdicts, 'right'), count(beatVerdicts, 'right')),
    keyAtLeastProfiles: count(woodshedKeys, 'exact') >= count(profileKeys, 'exact'),
    chordsAtLeastTemplates: share(masterChart.majmin, masterChart.samples) >= share(baselineChart.majmin, baselineChart.samples) && share(masterNotes.majmin, masterNotes.samples) >= share(baselineNotes.majmin, baselineNotes.samples),
  };
  const met = Object.values(targets).every(Boolean);
  const targetLine = `Targets: ${Object.entries(targets)
    .map(([name, ok]) => `${name} ${ok ? 'met' : 'MISSED'}`)
    .join(', ')}`;
  const summary = {
    pieces: n,
    audioMinutes: Number(minutes.toFixed(1)),
    bpmWithin2Percent: { woodshed: percent(count(woodshedTempo, 'right'), n), aubioTempo: percent(count(aubioTempoVerdicts, 'right'), n), aubiotrackBeats: percent(count(beatVerdicts, 'right'), n) },
    keyExact: { pieces: keyed.map((result) => result.slug), woodshed: percent(count(woodshedKeys, 'exact'), k), profiles: percent(count(profileKeys, 'exact'), k) },
    masterChords: { chart: { woodshed: chordCell(masterChart), templates: chordCell(baselineChart) }, notes: { woodshed: chordCell(masterNotes), templates: chordCell(baselineNotes) } },
    instruments: Object.fromEntries(instrumentRows.map((row) => [row[0], { charted: row[1], chart: row[2], notes: row[3] }])),
    secondsPerMinuteMedian: { woodshed: Number(speed((result) => result.secondsPerMinute.woodshed)), aubio: Number(speed((result) => result.secondsPerMinute.aubio)), chroma: Number(speed((result) => result.secondsPerMinute.chroma)) },
    targets,
  };
  return { text: [tempoTable, keyTable, chordTable, instrumentTable, speedTable, targetLine].join('\n\n'), summary, met };
}

function songLine(result: SongResult): string {
  const chords = Object.entries(result.chords)
    .map(([instrument, score]) => `${instrument} ${percent(score.majmin, score.samples)}`)
    .join(', ');
  return (
    `${result.slug.padEnd(24)} bpm ${String(result.bpm).padStart(5)} -> ${String(result.woodshedBpm).padStart(5)} ${result.tempo.woodshed.padEnd(8)} aubio ${String(result.aubioBpm).padStart(5)} ${result.tempo.aubio.padEnd(8)} beats ${String(result.aubioBeatsBpm).padStart(5)} ${result.tempo.aubioBeats.padEnd(8)}` +
    `  key ${String(result.key).padEnd(9)} -> ${String(result.woodshedKey).padEnd(9)} ${result.keyVerdicts?.woodshed ?? '-'} / K-S ${String(result.profileKey)} ${result.keyVerdicts?.profiles ?? '-'}` +
    `  chords (${result.chordTruth}) ${chords}; templates ${percent(result.baselineChords.majmin, result.baselineChords.samples)}` +
    `  ${result.secondsPerMinute.woodshed.toFixed(2)} s/min  stems ${result.stemGroups.join(',')}  textures ${JSON.stringify(result.textures)}`
  );
}

/** Run the bench on the corpus at `corpusDir` (the pieces of `only`, or its first `pieces`, or all); the results and whether every target is met. */
export async function runRealCorpusBench(
  corpusDir: string,
  { pieces, only }: { pieces?: number; only?: readonly string[] },
): Promise<{ text: string; summary: Record<string, unknown>; songs: SongResult[]; met: boolean }> {
  const truths = (await readCorpusTruths(corpusDir)).filter((truth) => only === undefined || only.includes(truth.slug)).slice(0, pieces);
  if (truths.length === 0) throw new Error(`No piece of the corpus at ${corpusDir} to analyse${only === undefined ? '' : ` among ${only.join(', ')}`}.`);
  const scratch = await mkdtemp(path.join(tmpdir(), 'woodshed-analysis-bench-'));
  const results: SongResult[] = [];
  try {
    for (const truth of truths) {
      const result = await benchSong(path.join(corpusDir, 'songs'), truth, scratch);
      results.push(result);
      console.error(songLine(result));
    }
  } finally {
    await songAnalyser().close();
    await rm(scratch, { recursive: true, force: true });
  }
  return { ...reportReal(results), songs: results };
}

