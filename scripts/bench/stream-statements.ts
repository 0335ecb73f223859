import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { seedPurchase } from '../../api/credits/testing/seed-credits';
import { createApp, featureMiddleware, featureRouters } from '../../api/app';
import { composeAppDependencies } from '../../api/compose-app-dependencies';
import { loadConfig } from '../../api/config/env';
import { createFixtureSongLibrary } from '../../api/features/stems/testing/fixture-song-library';
import { sessionHeader, stemPath } from '../../api/features/stems/testing/stem-requests';
import { startHttpServer } from '../../api/http/http-server';
import { migrateApiTables } from '../../api/storage/api-migrations';
import type { TestApp } from '../../api/testing/start-test-app';
import { signInWithCode, testAuthSecret } from '../../api/testing/test-sign-in';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { startProjections } from '../../projections/registry';
import { openBenchSqlClient } from './bench-sql-client';

// `npx tsx scripts/bench/stream-statements.ts`: SQL statements per metered GET and HEAD on PGlite.
const gets = Number(process.env.BENCH_GETS ?? 50);
// With BENCH_GETS=0 and a long settle, the statements of an idle app (polls, idle checks).
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 1_000);

function counting(sql: SqlClient) {
  const counts = { statements: 0, logReads: 0, filteredLogReads: 0 };
  const count = (text: string) => {
    counts.statements += 1;
    if (!/FROM events\b/.test(text) || !/ORDER BY tx_id, global_position/.test(text)) return;
    counts.logReads += 1;
    // A read of some types only: a subscription's own (behind the tail) or a projection's idle check.
    if (/type = ANY/.test(text)) counts.filteredLogReads += 1;
  };
  const wrap = (executor: SqlExecutor): SqlExecutor => ({
    query: (text, params) => {
      count(text);
      return executor.query(text, params);
    },
    exec: (text) => {
      count(text);
      return executor.exec(text);
    },
  });
  const client: SqlClient = {
    kind: sql.kind,
    ...wrap(sql),
    transaction: (work) => sql.transaction((tx) => work(wrap(tx))),
    withAdvisoryLock: (key, work, options) => sql.withAdvisoryLock(key, work, options),
    listen: (channel, handler) => sql.listen(channel, handler),
    close: () => sql.close(),
  };
  return { client, counts };
}

function get(url: string, headers: Record<string, string>, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers, method }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bench = await openBenchSqlClient({ kind: 'pglite', location: 'memory' }, 'statements');
const { client: sql, counts } = counting(bench.sql);
const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-statements-'));
const store = await createPostgresEventStore(sql);
await migrateApiTables(sql);
const projections = await startProjections({ sql, store });
const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://woodshed.test' }), authSecret: testAuthSecret, songsDir };
const app = createApp({ ...composeAppDependencies({ config, store, sql, projections, logger: pino({ level: 'warn' }), clock: { now: () => new Date() } }), middleware: featureMiddleware, routers: featureRouters });
const server = await startHttpServer(app, { port: 0, host: '127.0.0.1' });
const testApp = { url: server.url, store, sql, projections, config } as unknown as TestApp;
const library = await createFixtureSongLibrary(testApp, { largeBytes: 1 << 20 });
const { browser, user } = await signInWithCode(server.url, 'statements@example.com');
await seedPurchase(testApp, user.id, 10_000_000, new Date());
const url = `${server.url}${stemPath(library.songId, library.stems.large.filename)}`;
const headers = sessionHeader(browser);
await get(url, headers);
await pause(1_000);

counts.statements = 0;
counts.logReads = 0;
counts.filteredLogReads = 0;
const started = Date.now();
for (let i = 0; i < gets; i++) {
  const status = await get(url, headers);
  if (status !== 200) throw new Error(`GET answered ${status}`);
  await pause(20);
}
await pause(settleMs);
const elapsedMs = Date.now() - started;
console.log(
  JSON.stringify({ gets, elapsedMs, statementsPerSecond: (counts.statements * 1000) / elapsedMs, statementsPerGet: counts.statements / gets, logReadsPerGet: counts.logReads / gets, filteredLogReadsPerGet: counts.filteredLogReads / gets, statements: counts.statements, logReads: counts.logReads }),
);

// Then HEADs after the GETs, as bench:stream's HEAD phase follows its GET phase.
const heads = Number(process.env.BENCH_HEADS ?? 500);
counts.statements = 0;
counts.logReads = 0;
counts.filteredLogReads = 0;
const headsStarted = Date.now();
for (let i = 0; i < heads; i++) {
  const status = await get(url, headers, 'HEAD');
  if (status !== 200) throw new Error(`HEAD answered ${status}`);
  await pause(2);
}
const headsElapsedMs = Date.now() - headsStarted;
console.log(JSON.stringify({ heads, headsElapsedMs, statementsPerHead: counts.statements / Math.max(1, heads), logReadsPerHead: counts.logReads / Math.max(1, heads), statementsPerSecond: (counts.statements * 1000) / headsElapsedMs }));

await server.close(1_000);
await projections.stop();
await store.close();
await bench.dispose();
await library.remove();
await rm(songsDir, { recursive: true, force: true });
