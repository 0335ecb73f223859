/** `npm run bench:sync`: a 100-row stars push, /api/health right after it, and requests with a forged session cookie (docs/benchmarks.md). */
import { performance } from 'node:perf_hooks';
import { openPgliteWorkerSqlClient } from '../../events/store/postgres/pglite-worker-sql-client';
import { catalogueSongs } from '../../api/features/presets/testing/catalogue-songs';
import { startTestApp } from '../../api/testing/start-test-app';
import { signInWithCode, testAuthSecret } from '../../api/testing/test-sign-in';
import { median } from './run-summary';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const rows = 100;
const requestsPerKind = Number(process.env.BENCH_REQUESTS ?? 2_000);
const connections = 20;

const sql = await openPgliteWorkerSqlClient({});
const app = await startTestApp({ sql, config: { authSecret: testAuthSecret } });
try {
  await catalogueSongs(app, Array.from({ length: rows }, (_, index) => ({ songId: index + 1, stems: ['drums.wav'] })));
  const { browser } = await signInWithCode(app.url, 'bench@example.com');
  const pushTimes: number[] = [];
  const healthTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    const starred = run % 2 === 0;
    const body = Array.from({ length: rows }, (_, index) => ({
      assumedMasterState: { id: String(index + 1), starred: !starred, updatedAt: 0, _deleted: false },
      newDocumentState: { id: String(index + 1), starred, updatedAt: Date.now(), _deleted: false },
    }));
    const started = performance.now();
    const pushed = await browser.post<unknown[]>('/api/sync/stars/push', body);
    pushTimes.push(performance.now() - started);
    if (pushed.status !== 200 || pushed.body.length !== 0) throw new Error(`push answered ${pushed.status}: ${JSON.stringify(pushed.body).slice(0, 300)}`);
    const healthStarted = performance.now();
    await fetch(`${app.url}/api/health`).then((response) => response.arrayBuffer());
    healthTimes.push(performance.now() - healthStarted);
    // Spread the pushes out, as one client's sync would, so the per-user limit does not answer.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  }
  console.log(`push of ${rows} stars: median ${median(pushTimes).toFixed(1)} ms over ${runs} runs (${pushTimes.map((ms) => ms.toFixed(0)).join(', ')})`);
  console.log(`GET /api/health right after: median ${median(healthTimes).toFixed(1)} ms`);

  const cookieName = 'woodshed_session';
  const forged = 'A'.repeat(43);
  for (const [label, headers] of [
    ['no cookie', {}],
    ['forged cookie', { cookie: `${cookieName}=${forged}` }],
  ] as const) {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < requestsPerKind) {
          const response = await fetch(`${app.url}/api/sync/stars/pull`, { headers });
          await response.arrayBuffer();
          if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`${requestsPerKind} x GET /api/sync/stars/pull with ${label}, ${connections} at a time: ${(requestsPerKind / seconds).toFixed(0)} requests/s`);
  }
} finally {
  await app.stop();
  await sql.close();
}
