/** `npm run bench:scan [-- --runs 3]`: the scan of the real-world songs directory of the scan's integration test (docs/benchmarks.md). */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openPgliteSqlClient } from '../../events/store/postgres/pglite-sql-client';
import type { ScanProgress } from '../../api/features/songs/song-scan';
import { bytesReadSoFar, writeRealWorldLibrary } from '../../api/features/songs/testing/real-world-library';
import { startTestApp } from '../../api/testing/start-test-app';
import { signInWithCode, testAuthSecret } from '../../api/testing/test-sign-in';
import { parseCommandLine } from '../ops/parse-command-line';
import { summarizeRuns } from './run-summary';

const targetMs = 15_000;
const usage = 'Usage: npm run bench:scan -- [--runs 3]';
const { values } = parseCommandLine({ args: process.argv.slice(2), options: { runs: { type: 'string', default: '3' } } }, usage);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs takes a whole number from 1, not ${values.runs}.\n\n${usage}`);
  process.exit(2);
}

const root = await mkdtemp(path.join(tmpdir(), 'woodshed-scan-bench-'));
const songsDir = path.join(root, 'songs');
try {
  await writeRealWorldLibrary(root, songsDir);
  const times: number[] = [];
  const bytes: number[] = [];
  for (let run = 0; run < runs; run++) {
    const sql = await openPgliteSqlClient({});
    const app = await startTestApp({ sql, config: { authSecret: testAuthSecret, songsDir, audioAnalysis: false } });
    try {
      const { browser } = await signInWithCode(app.url, 'scan-bench@example.com');
      const readBefore = bytesReadSoFar();
      const started = performance.now();
      const answer = await browser.post('/api/songs/scan');
      if (answer.status !== 202) throw new Error(`POST /api/songs/scan answered ${answer.status}`);
      let progress = (await browser.get<ScanProgress>('/api/songs/scan/progress')).body;
      while (progress.isScanning) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        progress = (await browser.get<ScanProgress>('/api/songs/scan/progress')).body;
      }
      times.push(performance.now() - started);
      bytes.push(bytesReadSoFar() - readBefore);
      console.error(`run ${run + 1}: ${progress.totalSongs} folders scanned in ${(times.at(-1)! / 1000).toFixed(2)} s, ${(bytes.at(-1)! / 1048576).toFixed(1)} MB read (load ${loadavg()[0]!.toFixed(1)})`);
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
      `bytes read by the process during the scan: median ${(read.median / 1048576).toFixed(1)} MB`,
    ].join('\n'),
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
