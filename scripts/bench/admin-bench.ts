import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApp, featureMiddleware, featureRouters } from '../../api/app';
import { composeAppDependencies } from '../../api/compose-app-dependencies';
import { loadConfig } from '../../api/config/env';
import type { AdminStats, AdminUsageRow } from '../../contract/admin';
import { startHttpServer } from '../../api/http/http-server';
import { migrateApiTables } from '../../api/storage/api-migrations';
import { signInWithCode, testAuthSecret } from '../../api/testing/test-sign-in';
import { newEvent } from '../../events/catalog';
import type { EventStore } from '../../events/store/event-store';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { adminUsage } from '../../projections/admin-usage/admin-usage-projection';
import { startProjectionHost } from '../../projections/runtime/projection-host';
import { subscriptionChurn } from '../../projections/subscription-churn/subscription-churn-projection';
import { subscriptions } from '../../projections/subscriptions/subscriptions-projection';
import { users } from '../../projections/users/users-projection';
import { repositoryRoot } from '../app/repository-root';
import { type BenchBackend, openBenchSqlClient, serverBackend } from './bench-sql-client';
import { seedAdminBenchLog } from './seed-admin-bench-log';
import { median } from './run-summary';

/** `npm run bench:admin`: the admin routes' latency on a large log (docs/benchmarks.md); BENCH_ADMIN_USERS / BENCH_ADMIN_STREAMS shrink it. */
const userCount = Number(process.env.BENCH_ADMIN_USERS ?? 10_000);
const streamCount = Number(process.env.BENCH_ADMIN_STREAMS ?? 1_000_000);
const subscriptionCount = Math.round(userCount / 5);
const runs = 10;
const warmups = 2;
const targetMs = 200;
const adminEmail = 'admin@bench.example';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The bytes the seed gives event i (seed-admin-bench-log.ts), summed here, not read back. */
function expectedTotalBytes(): number {
  let total = 0;
  for (let i = 0; i < streamCount; i++) total += ((i * 7_919) % 4_194_304) + 1;
  return total;
}

interface RouteTiming {
  path: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  responseBytes: number;
}

interface BackendResult {
  database: string;
  seedMs: number;
  catchUpMs: number;
  catchUpEventsPerSecond: number;
  adminUsageRebuildMs: number;
  adminUsageRebuildEventsPerSecond: number;
  routes: RouteTiming[];
  usageRows: number;
  stats: AdminStats;
}

/** An event after everything written so far, to wait for the read models to pass (purchasing is on already: it changes nothing). */
function appendMarker(store: EventStore) {
  const eventId = randomUUID();
  const metadata = { eventId, occurredAt: new Date().toISOString(), userId: null, requestId: 'bench', causationId: 'bench', correlationId: 'bench' };
  return store.append('bench-marker', [newEvent('PurchasingEnabled', {}, metadata)], { expectedVersion: 'any' });
}

async function timeRoute(url: string, cookie: string): Promise<{ timing: Omit<RouteTiming, 'path'>; body: unknown }> {
  const times: number[] = [];
  let body: unknown;
  let responseBytes = 0;
  for (let run = 0; run < warmups + runs; run++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
    if (run >= warmups) times.push(elapsed);
    responseBytes = Buffer.byteLength(text);
    body = JSON.parse(text);
  }
  return { timing: { medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times), responseBytes }, body };
}

async function benchBackend(backend: BenchBackend): Promise<BackendResult> {
  const database = backend.kind === 'pglite' ? 'PGlite on disk' : 'PostgreSQL server';
  const client = await openBenchSqlClient(backend, 'admin');
  const { sql } = client;
  try {
    const store = await createPostgresEventStore(sql);
    await migrateApiTables(sql);
    const until = new Date();
    let started = performance.now();
    await seedAdminBenchLog(sql, { users: userCount, streams: streamCount, subscriptions: subscriptionCount, until });
    const seedMs = performance.now() - started;
    console.error(`[${database}] seeded ${streamCount.toLocaleString('en')} StemStreamed events of ${userCount.toLocaleString('en')} users in ${seconds(seedMs)}`);

    const marker = await appendMarker(store);
    const { rows: counted } = await sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
    const logEvents = Number(counted[0]?.count ?? 0);
    started = performance.now();
    const readModels = [users, subscriptions, subscriptionChurn, adminUsage];
    const projections = await startProjectionHost({ sql, store, projections: readModels });
    for (const projection of readModels) await projections.waitForPosition(projection.name, marker.position, { timeoutMs: 60 * 60_000 });
    const catchUpMs = performance.now() - started;
    console.error(`[${database}] users, subscriptions, subscription-churn and admin-usage caught up with ${logEvents.toLocaleString('en')} events in ${seconds(catchUpMs)}`);

    started = performance.now();
    const rebuilt = await projections.rebuild('admin-usage');
    const adminUsageRebuildMs = performance.now() - started;
    if (rebuilt.kind !== 'swapped') throw new Error(`admin-usage rebuild ended ${rebuilt.kind}`);
    console.error(`[${database}] admin-usage rebuilt blue/green in ${seconds(adminUsageRebuildMs)}`);

    const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://woodshed.test' }), authSecret: testAuthSecret, adminEmails: [adminEmail] };
    const app = createApp({ ...composeAppDependencies({ config, store, sql, projections, logger: pino({ level: 'warn' }), clock: { now: () => until } }), middleware: featureMiddleware, routers: featureRouters });
    const server = await startHttpServer(app, { port: 0, host: '127.0.0.1' });
    try {
      const { browser, user } = await signInWithCode(server.url, adminEmail);
      if (user.id !== userCount) throw new Error(`the administrator got id ${user.id}, expected ${userCount}`);
      const cookie = `woodshed_session=${browser.cookie('woodshed_session')}`;
      // Its sign-in must be in the read models before the figures are read: wait past a later marker.
      const afterSignIn = await appendMarker(store);
      for (const projection of readModels) await projections.waitForPosition(projection.name, afterSignIn.position, { timeoutMs: 60_000 });
      const usage = await timeRoute(`${server.url}/api/admin/usage`, cookie);
      const stats = await timeRoute(`${server.url}/api/admin/stats`, cookie);
      const rows = usage.body as AdminUsageRow[];
      const streamed = rows.reduce((sum, row) => sum + row.totalBytesStreamed, 0);
      if (rows.length !== userCount || streamed !== expectedTotalBytes()) {
        throw new Error(`usage rows: ${rows.length} rows, ${streamed} bytes; expected ${userCount} rows, ${expectedTotalBytes()} bytes`);
      }
      const routes = [
        { path: '/api/admin/usage', ...usage.timing },
        { path: '/api/admin/stats', ...stats.timing },
      ];
      for (const route of routes) {
        console.error(`[${database}] GET ${route.path}: median ${route.medianMs.toFixed(1)} ms (min ${route.minMs.toFixed(1)}, max ${route.maxMs.toFixed(1)}), ${(route.responseBytes / 1024).toFixed(0)} KiB`);
      }
      return {
        database,
        seedMs,
        catchUpMs,
        catchUpEventsPerSecond: logEvents / (catchUpMs / 1000),
        adminUsageRebuildMs,
        adminUsageRebuildEventsPerSecond: logEvents / (adminUsageRebuildMs / 1000),
        routes,
        usageRows: rows.length,
        stats: stats.body as AdminStats,
      };
    } finally {
      await server.close(1_000);
      await projections.stop();
      await store.close();
    }
  } finally {
    await client.dispose();
  }
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg()[0]!;
  const backends: BenchBackend[] = [{ kind: 'pglite', location: 'temp-dir' }];
  if (process.env.DATABASE_URL !== undefined) backends.push(serverBackend());
  const results: BackendResult[] = [];
  for (const backend of backends) results.push(await benchBackend(backend));

  const summary = {
    startedAt,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?', node: process.version, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg()[0]! },
    settings: { users: userCount, streams: streamCount, subscriptions: subscriptionCount, runs, warmups, targetMs },
    results,
  };
  const lines = [`Woodshed admin benchmark, ${startedAt}: ${summary.machine.cpus} x ${summary.machine.cpuModel}, Node ${process.version}; ${userCount.toLocaleString('en')} users, ${streamCount.toLocaleString('en')} StemStreamed events; median of ${runs} after ${warmups} warm-up requests`];
  for (const result of results) {
    lines.push(`${result.database}: read models caught up in ${seconds(result.catchUpMs)} (${Math.round(result.catchUpEventsPerSecond).toLocaleString('en')} events/s), admin-usage rebuilt in ${seconds(result.adminUsageRebuildMs)} (${Math.round(result.adminUsageRebuildEventsPerSecond).toLocaleString('en')} events/s)`);
    for (const route of result.routes) {
      lines.push(`  GET ${route.path}: median ${route.medianMs.toFixed(1)} ms (target <= ${targetMs} ms) ${route.medianMs <= targetMs ? 'met' : 'MISSED'}; min ${route.minMs.toFixed(1)}, max ${route.maxMs.toFixed(1)} ms; ${(route.responseBytes / 1024).toFixed(0)} KiB`);
    }
  }
  console.log(lines.join('\n'));
  const resultsDir = path.join(repositoryRoot, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, `admin-${startedAt.replace(/[:.]/g, '-')}.json`), `${JSON.stringify(summary, null, 2)}\n`);
}

await main();
