// `npm run bench:analysis -- [--cache DIR] [--songs 12] [--seed woodshed]`: audio analysis against the demo library's ground truth.
// `npm run bench:analysis -- --real [--corpus DIR] [--pieces N]`: against the real corpus's, beside standard baselines.
// `npm run bench:analysis -- --against REF [--runs 3]`: its speed beside REF's, on the demo songs, in the same run.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseKey } from '../../api/features/songs/analysis/chord-names';
import { songAnalyser } from '../../api/features/songs/analysis/song-analyser';
import { isStemFilename } from '../../api/features/songs/read-song-folder';
import { type TruthFile, generateDemoLibrary } from '../demo-library/generate-library';
import { defaultSongCount } from '../demo-library/song-plans';
import { parseCommandLine } from '../ops/parse-command-line';
import { repositoryRoot } from '../app/repository-root';
import { bpmTolerance, parseChart, percent, scoreChart } from './analysis/analysis-scores';
import { runRealCorpusBench } from './analysis/real-corpus-bench';
import { runSpeedComparison } from './analysis/speed-comparison';
import { median } from './run-summary';

const usage = `Usage: npm run bench:analysis -- [--cache ./data/analysis-bench] [--songs ${defaultSongCount}] [--seed woodshed]
       npm run bench:analysis -- --real [--corpus ../corpus] [--pieces N] [--only slug,slug]
       npm run bench:analysis -- --against main [--runs 3] [--cache ...] [--songs ...] [--seed ...]
  --real    analyse the real corpus (npm run real-corpus) beside aubio, chroma templates and key profiles
  --corpus  the corpus folder (with songs/ and truth/)
  --pieces  only the corpus's first N pieces
  --only    only these pieces (their slugs, comma-separated)
  --against time this checkout's analysis beside that commit's on the demo songs, alternating, in one run
  --runs    runs of each with --against (the medians are reported)`;
const { values } = parseCommandLine(
  {
    options: {
      cache: { type: 'string', default: './data/analysis-bench' },
      songs: { type: 'string', default: String(defaultSongCount) },
      seed: { type: 'string', default: 'woodshed' },
      real: { type: 'boolean', default: false },
      corpus: { type: 'string', default: '../corpus' },
      pieces: { type: 'string' },
      only: { type: 'string' },
      against: { type: 'string' },
      runs: { type: 'string', default: '3' },
    },
  },
  usage,
);

if (values.real) {
  const pieces = values.pieces === undefined ? undefined : Number(values.pieces);
  if (pieces !== undefined && !(Number.isInteger(pieces) && pieces > 0)) {
    console.error(`--pieces takes a positive whole number.\n\n${usage}`);
    process.exit(2);
  }
  const corpus = path.resolve(repositoryRoot, values.corpus);
  if (!existsSync(path.join(corpus, 'truth'))) {
    console.error(`No corpus at ${corpus}: build it with npm run real-corpus -- --out ${values.corpus}, or pass --corpus.\n\n${usage}`);
    process.exit(2);
  }
  const load = () => os.loadavg()[0]!.toFixed(1);
  const loadAtStart = load();
  console.error(`Load average (1 min) at the start: ${loadAtStart}`);
  const started = performance.now();
  const only = values.only?.split(',').map((slug) => slug.trim()).filter((slug) => slug !== '');
  const { text, summary, songs, met } = await runRealCorpusBench(corpus, { ...(pieces !== undefined && { pieces }), ...(only !== undefined && { only }) });
  console.log(text);
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all; load average (1 min) at the start ${loadAtStart}, at the end ${load()}.`);
  const resultsDir = path.join(repositoryRoot, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, 'analysis-real.json'), `${JSON.stringify({ corpus, loadAverage: os.loadavg(), summary, songs }, null, 2)}\n`);
  process.exit(met ? 0 : 1);
}

const root = repositoryRoot;
const cache = path.resolve(root, values.cache);
const songsDir = path.join(cache, 'songs');
const truthPath = path.join(cache, `truth-${values.seed}-${values.songs}.json`);
if (!existsSync(truthPath)) {
  console.error(`Generating the demo library (${values.songs} songs, seed ${values.seed}) into ${songsDir} ...`);
  await mkdir(cache, { recursive: true });
  await generateDemoLibrary({ songsDir, truthPath, songCount: Number(values.songs), seed: values.seed });
}
const truth = JSON.parse(await readFile(truthPath, 'utf8')) as TruthFile;
const stemsOf = async (folder: string) => (await readdir(folder)).filter(isStemFilename).map((name) => path.join(folder, name));

if (values.against !== undefined) {
  const runs = Number(values.runs);
  if (!(Number.isInteger(runs) && runs > 0)) {
    console.error(`--runs takes a positive whole number.\n\n${usage}`);
    process.exit(2);
  }
  const songs = await Promise.all(
    truth.songs.map(async (song) => ({ name: song.folder, stems: await stemsOf(path.join(songsDir, song.folder)), durationSeconds: song.durationSeconds })),
  );
  console.log(`Load average (1 min) at the start: ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(await runSpeedComparison(songs, values.against, runs));
  console.log(`Load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(1)}`);
  process.exit(0);
}
const analyser = songAnalyser();

const started = performance.now();
let audioSeconds = 0;
let bpmRight = 0;
let bpmOctave = 0;
let keyRight = 0;
const firstBeatErrors: number[] = [];
const chordTotals = new Map<string, { samples: number; majmin: number; root: number }>();
const rows: Array<Record<string, unknown>> = [];
for (const song of truth.songs) {
  const folder = path.join(songsDir, song.folder);
  const stems = await stemsOf(folder);
  const songStarted = performance.now();
  const tempo = await analyser.tempo(stems);
  const harmony = await analyser.harmony(stems, tempo.beats);
  const seconds = (performance.now() - songStarted) / 1000;
  audioSeconds += song.durationSeconds;

  const ratio = tempo.bpm === null ? 0 : tempo.bpm / song.bpm;
  const bpmOk = Math.abs(ratio - 1) <= bpmTolerance;
  const octave = !bpmOk && (Math.abs(ratio - 2) <= 2 * bpmTolerance || Math.abs(ratio - 0.5) <= 0.5 * bpmTolerance);
  const want = parseKey(song.key);
  const got = harmony.key === null ? undefined : parseKey(harmony.key);
  const keyOk = want !== undefined && got !== undefined && want.tonic === got.tonic && want.mode === got.mode;
  bpmRight += bpmOk ? 1 : 0;
  bpmOctave += octave ? 1 : 0;
  keyRight += keyOk ? 1 : 0;
  const beat = 60 / song.bpm;
  const firstBeatError = tempo.firstBeat === null ? null : Math.abs(tempo.firstBeat - Math.round(tempo.firstBeat / beat) * beat);
  if (firstBeatError !== null) firstBeatErrors.push(firstBeatError);
  const chordScores: Record<string, string> = {};
  for (const [instrument, timeline] of Object.entries(song.chords)) {
    const text = harmony.chords[instrument];
    const score = scoreChart(timeline, text === undefined ? [] : parseChart(text, song.durationSeconds), song.durationSeconds);
    const total = chordTotals.get(instrument) ?? { samples: 0, majmin: 0, root: 0 };
    total.samples += score.samples;
    total.majmin += score.majmin;
    total.root += score.root;
    chordTotals.set(instrument, total);
    chordScores[instrument] = percent(score.majmin, score.samples);
  }
  rows.push({ song: song.folder, bpm: song.bpm, detectedBpm: tempo.bpm, bpmOk, octave, firstBeat: tempo.firstBeat, firstBeatGridErrorMs: firstBeatError === null ? null : Math.round(firstBeatError * 1000), key: song.key, detectedKey: harmony.key, keyOk, chords: chordScores, seconds: Number(seconds.toFixed(2)), problems: [...tempo.problems, ...harmony.problems] });
  console.error(
    `${song.folder.padEnd(28)} bpm ${String(song.bpm).padStart(3)} -> ${String(tempo.bpm).padStart(5)} ${bpmOk ? 'ok' : octave ? 'OCTAVE' : 'WRONG'}  first beat ${tempo.firstBeat ?? '-'} s (${firstBeatError === null ? '-' : `${Math.round(firstBeatError * 1000)} ms off the grid`})  key ${song.key.padEnd(8)} -> ${String(harmony.key).padEnd(9)} ${keyOk ? 'ok' : 'WRONG'}  chords ${Object.entries(chordScores).map(([name, score]) => `${name} ${score}`).join(', ')}  ${seconds.toFixed(1)} s`,
  );
}
const elapsed = (performance.now() - started) / 1000;
await analyser.close();

const count = truth.songs.length;
const summary = {
  songs: count,
  bpmWithin2Percent: percent(bpmRight, count),
  bpmOctaveErrors: bpmOctave,
  keyExact: percent(keyRight, count),
  firstBeatFound: percent(firstBeatErrors.length, count),
  firstBeatGridErrorMs: firstBeatErrors.length === 0 ? null : { median: Math.round(median(firstBeatErrors) * 1000), max: Math.round(Math.max(...firstBeatErrors) * 1000) },
  chordMajMin: Object.fromEntries([...chordTotals].map(([instrument, total]) => [instrument, percent(total.majmin, total.samples)])),
  chordRoot: Object.fromEntries([...chordTotals].map(([instrument, total]) => [instrument, percent(total.root, total.samples)])),
  targets: { bpm: '>= 95%', key: '>= 90%', met: bpmRight / count >= 0.95 && keyRight / count >= 0.9 },
  seconds: Number(elapsed.toFixed(1)),
  audioMinutes: Number((audioSeconds / 60).toFixed(1)),
  realtimeFactor: Number((audioSeconds / elapsed).toFixed(1)),
};
console.log(JSON.stringify(summary, null, 2));
const resultsDir = path.join(root, 'bench', 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, 'analysis.json'), `${JSON.stringify({ summary, songs: rows }, null, 2)}\n`);
process.exit(summary.targets.met ? 0 : 1);
