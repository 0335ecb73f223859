/**
 * `npm run bench:scan [-- --runs 3]`: the scan of the real-world songs directory of the scan's integration test;
 * `npm run bench:scan -- --folders 2000 --from <corpus>`: the first scan and the rescan of a library of that many song
 * folders made from a corpus's songs (docs/benchmarks.md).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openPgliteSqlClient } from '../../events/store/postgres/pglite-sql-client';
import type { ScanProgress } from '../../api/features/songs/song-scan';
import { countAudioFileOpens } from '../../api/features/songs/testing/audio-file-opens';
import { bytesReadSoFar, writeRealWorldLibrary } from '../../api/features/songs/testing/real-world-library';
import { startTestApp } from '../../api/testing/start-test-app';
import type { TestBrowser } from '../../api/testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../api/testing/test-sign-in';
import { parseCommandLine } from '../ops/parse-command-line';
import { type BenchSqlClient, openBenchSqlClient, serverBackend } from './bench-sql-client';
import { writeCopiedLibrary } from './copied-library';
import { summarizeRuns } from './run-summary';

const targetMs = 15_000;
/** A library of 2,000 songs scans within this (first scan, headers only, analysis off)... */
const libraryTargetMs = 10 * 60_000;
/** ...with the process's resident memory never this much above what it was before the scan. */
const libraryRssGrowthTargetMb = 256;
const usage = 'Usage: npm run bench:scan -- [--runs 3] [--folders 2000 --from <corpus dir> [--database memory|server]]';
const { values } = parseCommandLine(
  { args: process.argv.slice(2), options: { runs: { type: 'string', default: '3' }, folders: { type: 'string' }, from: { type: 'string' }, database: { type: 'string', default: 'memory' } } },
  usage,
);
const runs = Number(values.runs);
const folders = values.folders === undefined ? undefined : Number(values.folders);
if (!['memory', 'server'].includes(values.database) || !Number.isInteger(runs) || runs < 1 || (folders !== undefined && (!Number.isInteger(folders) || folders < 1)) || (folders === undefined) !== (values.from === undefined)) {
  console.error(`--runs takes a whole number from 1; --folders (a whole number from 1) and --from go together; --database is memory or server.\n\n${usage}`);
  process.exit(2);
}

/** What one scan took, seen from outside through the progress the app reports. */
interface ScanRun {
  ms: number;
  progress: ScanProgress;
  /** Distinct `currentIndex` values the polls saw while scanning: progress reported as it goes. */
  steps: number;
  /** The largest resident set size sampled at the polls, and before the scan. */
  peakRssMb: number;
  rssBeforeMb: number;
  bytesRead: number;
}

const mb = (bytes: number) => bytes / 1048576;

async function timedScan(browser: TestBrowser): Promise<ScanRun> {
  const rssBeforeMb = mb(process.memoryUsage.rss());
  let peakRssMb = rssBeforeMb;
  const readBefore = bytesReadSoFar();
  const started = performance.now();
  const answer = await browser.post('/api/songs/scan');
  if (answer.status !== 202) throw new Error(`POST /api/songs/scan answered ${answer.status}`);
  const seen = new Set<number>();
  let progress = (await browser.get<ScanProgress>('/api/songs/scan/progress')).body;
  while (progress.isScanning) {
    seen.add(progress.currentIndex);
    peakRssMb = Math.max(peakRssMb, mb(process.memoryUsage.rss()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    progress = (await browser.get<ScanProgress>('/api/songs/scan/progress')).body;
  }
  return { ms: performance.now() - started, progress, steps: seen.size, peakRssMb, rssBeforeMb, bytesRead: bytesReadSoFar() - readBefore };
}

const root = await mkdtemp(path.join(tmpdir(), 'woodshed-scan-bench-'));
const songsDir = path.join(root, 'songs');
try {
  if (folders === undefined) await realWorldBench();
  else await libraryBench(folders, path.resolve(values.from!));
} finally {
  await rm(root, { recursive: true, force: true });
}

async function realWorldBench(): Promise<void> {
  await writeRealWorldLibrary(root, songsDir);
  const times: number[] = [];
  const bytes: number[] = [];
  for (let run = 0; run < runs; run++) {
    const sql = await openPgliteSqlClient({});
    const app = await startTestApp({ sql, config: { authSecret: testAuthSecret, songsDir, audioAnalysis: false } });
    try {
      const { browser } = await signInWithCode(app.url, 'scan-bench@example.com');
      const scan = await timedScan(browser);
      times.push(scan.ms);
      bytes.push(scan.bytesRead);
      console.error(`run ${run + 1}: ${scan.progress.totalSongs} folders scanned in ${(scan.ms / 1000).toFixed(2)} s, ${mb(scan.bytesRead).toFixed(1)} MB read (load ${loadavg()[0]!.toFixed(1)})`);
    } finally {
      await app.stop();
      await sql.close();
    }
  }
  const time = summarizeRuns(times);
  const read = summarizeRuns(bytes);
  console.log(
    [
      `machine: load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`,
      `scan of the real-world library: median ${(time.median / 1000).toFixed(2)} s of ${runs} (${(time.min / 1000).toFixed(2)}-${(time.max / 1000).toFixed(2)} s; target <= ${targetMs / 1000} s) ${time.median <= targetMs ? 'met' : 'MISSED'}`,
      `bytes read by the process during the scan: median ${mb(read.median).toFixed(1)} MB`,
    ].join('\n'),
  );
}

/**
 * Per run: a new database and app (analysis off: this times reading the folders; the analysis runs
 * after the catalogue, in its worker, and is the analysis bench's figure), the first scan, then a
 * rescan of the unchanged library, counting the audio files the process opens during it. The
 * database is PGlite in this process's memory (`memory`, so its pages count in the resident size) or
 * a fresh schema on the PostgreSQL server (`server`: the resident size is the app's and the scan's).
 */
async function libraryBench(count: number, corpus: string): Promise<void> {
  const made = await writeCopiedLibrary(corpus, songsDir, count);
  console.error(`${made.folders} song folders, ${made.files} files (${mb(made.audioBytes).toFixed(0)} MB of audio, ${made.linked ? 'hard links' : 'copies'}) from ${corpus}`);
  const first: ScanRun[] = [];
  const again: ScanRun[] = [];
  const audioOpens: number[] = [];
  for (let run = 0; run < runs; run++) {
    const database: BenchSqlClient = await openBenchSqlClient(values.database === 'server' ? serverBackend() : { kind: 'pglite', location: 'memory', thread: 'main' }, 'scan');
    const app = await startTestApp({ sql: database.sql, config: { authSecret: testAuthSecret, songsDir, audioAnalysis: false } });
    try {
      const { browser } = await signInWithCode(app.url, 'scan-bench@example.com');
      const scan = await timedScan(browser);
      if (scan.progress.summary.catalogued !== count || scan.progress.problems.length > 0) {
        throw new Error(`the first scan catalogued ${scan.progress.summary.catalogued} of ${count} folders; problems: ${JSON.stringify(scan.progress.problems.slice(0, 5))}`);
      }
      first.push(scan);
      const opens = countAudioFileOpens();
      let rescan: ScanRun;
      try {
        rescan = await timedScan(browser);
      } finally {
        opens.stop();
      }
      if (rescan.progress.summary.unchanged !== count) throw new Error(`the rescan found ${rescan.progress.summary.unchanged} of ${count} folders unchanged`);
      again.push(rescan);
      audioOpens.push(opens.paths.length);
      console.error(
        `run ${run + 1}: first scan ${(scan.ms / 1000).toFixed(1)} s (${mb(scan.bytesRead).toFixed(1)} MB read; progress seen at ${scan.steps} song indexes; RSS ${scan.rssBeforeMb.toFixed(0)} MB before, peak ${scan.peakRssMb.toFixed(0)} MB), ` +
          `rescan ${(rescan.ms / 1000).toFixed(1)} s, ${opens.paths.length} audio files opened, ${mb(rescan.bytesRead).toFixed(1)} MB read (load ${loadavg()[0]!.toFixed(1)})`,
      );
    } finally {
      await app.stop();
      await database.dispose();
    }
  }
  const firstTime = summarizeRuns(first.map((scan) => scan.ms));
  const firstRead = summarizeRuns(first.map((scan) => scan.bytesRead));
  // The first run's only: freed WebAssembly memory (PGlite's) is not given back, so later runs
  // start at the earlier runs' high-water mark and show no growth.
  const growth = first[0]!.peakRssMb - first[0]!.rssBeforeMb;
  const rescanTime = summarizeRuns(again.map((scan) => scan.ms));
  const rescanRead = summarizeRuns(again.map((scan) => scan.bytesRead));
  const opened = Math.max(...audioOpens);
  const range = (summary: { min: number; max: number }, scale: number, digits: number) => `${(summary.min / scale).toFixed(digits)}-${(summary.max / scale).toFixed(digits)}`;
  console.log(
    [
      `machine: load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`,
      `library: ${count} song folders, ${made.files} files, ${mb(made.audioBytes).toFixed(0)} MB of audio (${made.linked ? 'hard links' : 'copies'} of ${corpus}); database ${values.database === 'server' ? 'PostgreSQL server' : 'PGlite in memory'}`,
      `first scan: median ${(firstTime.median / 1000).toFixed(1)} s of ${runs} (${range(firstTime, 1000, 1)} s; target <= ${libraryTargetMs / 1000} s) ${firstTime.median <= libraryTargetMs ? 'met' : 'MISSED'}; ` +
        `${mb(firstRead.median).toFixed(0)} MB read by the process; progress seen at a median ${summarizeRuns(first.map((scan) => scan.steps)).median} song indexes`,
      `resident memory during the first run's first scan: peak ${first[0]!.peakRssMb.toFixed(0)} MB, ${growth.toFixed(0)} MB above before the scan (target <= ${libraryRssGrowthTargetMb} MB) ${growth <= libraryRssGrowthTargetMb ? 'met' : 'MISSED'}`,
      `rescan of the unchanged library: median ${(rescanTime.median / 1000).toFixed(1)} s (${range(rescanTime, 1000, 1)} s), ${mb(rescanRead.median).toFixed(1)} MB read by the process; ` +
        `audio files opened: ${opened} (target 0) ${opened === 0 ? 'met' : 'MISSED'}`,
    ].join('\n'),
  );
}
