/**
 * `npm run bench:idle`: what an app costs while nobody uses it (docs/benchmarks.md): the statements it
 * sends a second and the CPU its process spends a second (database worker thread included), on PGlite
 * with the runners polling every 100 ms, as the integration tests start it.
 */
import { openPgliteWorkerSqlClient } from '../../events/store/postgres/pglite-worker-sql-client';
import { startTestApp } from '../../api/testing/start-test-app';
import { median } from './run-summary';

const windows = Number(process.env.BENCH_RUNS ?? 5);
const windowMs = 2_000;
const settleMs = 3_000;

const sql = await openPgliteWorkerSqlClient({});
const byText = new Map<string, number>();
let statements = 0;
const query = sql.query.bind(sql);
sql.query = (text, params, options) => {
  statements += 1;
  const key = text.replace(/\s+/g, ' ').slice(0, 60);
  byText.set(key, (byText.get(key) ?? 0) + 1);
  return query(text, params, options);
};

const app = await startTestApp({ sql });
try {
  // Past start-up: the runners have caught up and follow the (empty) log.
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  byText.clear();
  const perSecond: number[] = [];
  const cpuPerSecond: number[] = [];
  for (let window = 0; window < windows; window++) {
    const before = statements;
    const cpu = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const used = process.cpuUsage(cpu);
    perSecond.push(((statements - before) * 1000) / windowMs);
    cpuPerSecond.push((used.user + used.system) / windowMs);
  }
  console.log(`idle app on PGlite: median ${median(perSecond).toFixed(1)} statements/s, ${median(cpuPerSecond).toFixed(1)} ms of CPU/s over ${windows} windows of ${windowMs / 1000} s`);
  const seconds = (windows * windowMs) / 1000;
  for (const [text, count] of [...byText].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${(count / seconds).toFixed(1)}/s  ${text}`);
} finally {
  await app.stop();
  await sql.close();
}
