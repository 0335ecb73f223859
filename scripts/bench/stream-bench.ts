// The app's V8 settings, as `npm start` sets them, before any of its code is loaded.
import '../app/tune-v8-heap';
import { createReadStream, mkdtempSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { seedPro, seedPurchase } from '../../api/credits/testing/seed-credits';
import { createApp, featureMiddleware, featureRouters } from '../../api/app';
import { composeAppDependencies } from '../../api/compose-app-dependencies';
import { features } from '../../api/features';
import { stemsFeature, stemsFeatureWith } from '../../api/features/stems/stems-feature';
import { loadConfig } from '../../api/config/env';
import { findOrCreateAccount } from '../../api/features/auth/account-registry';
import { deriveAuthKeys } from '../../api/features/auth/auth-keys';
import { sessionCookieName } from '../../api/features/auth/session-cookie';
import { createSession } from '../../api/features/auth/sessions';
import { createFixtureSongLibrary } from '../../api/features/stems/testing/fixture-song-library';
import { playerRequestHeader } from '../../api/features/stems/require-player-request';
import { sessionHeader, stemPath } from '../../api/features/stems/testing/stem-requests';
import { startHttpServer } from '../../api/http/http-server';
import { migrateApiTables } from '../../api/storage/api-migrations';
import type { TestApp } from '../../api/testing/start-test-app';
import { signInWithCode, testAuthSecret } from '../../api/testing/test-sign-in';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { startProjections } from '../../projections/registry';
import { type BenchBackend, openBenchSqlClient, serverBackend } from './bench-sql-client';
import { describeHeadRound, type HeadRoundDiagnostics, watchHeadRound } from './stream-bench-diagnostics';
import type { StreamLoadRequest, StreamLoadResult } from './stream-bench-load';
import { writeBenchResult } from './bench-result-file';
import { runJsonChild } from './run-json-child';
import { median } from './run-summary';

// `npm run bench:stream`: the metered stem route against a static handler, and the HEAD credit check.
const stemBytes = Number(process.env.BENCH_STEM_BYTES ?? 8 << 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const clients = 32;
const throughputWindowMs = Number(process.env.BENCH_WINDOW_MS ?? 6_000);
const headRate = Number(process.env.BENCH_HEAD_RATE ?? 500);
const headWindowMs = Number(process.env.BENCH_HEAD_WINDOW_MS ?? 8_000);
/** HEADs at the same rate before each window, not counted in it (the GET phase warms up 1 s too). */
const headWarmupMs = 1_000;
/** The player's pattern: a song's HEADs at once, users in turn, so every burst asks the database (decision 0048). */
const playerBurst = 6;
const playerCount = 120;
const runLoad = (load: StreamLoadRequest) => runJsonChild<StreamLoadResult>(new URL('./stream-bench-load.ts', import.meta.url), load, 'The load process');

const mbps = (bytesPerSecond: number) => `${(bytesPerSecond / 1e6).toFixed(0)} MB/s`;

interface BackendResult {
  database: string;
  throughput: { staticBytesPerSecond: number; meteredBytesPerSecond: number; ratio: number; target: number; failures: number; cpuMsPerMiB: { static: number; metered: number } };
  head: { p50Ms: number; p99Ms: number; achievedPerSecond: number; failures: number; targetP99Ms: number; cpuMsPerHead: number; plainP99Ms: number; warmupP99Ms: number };
  headRounds: Array<{ p50Ms: number; p99Ms: number; cpuMsPerHead: number; plainP99Ms: number; warmupP99Ms: number; diagnostics: HeadRoundDiagnostics }>;
  /** The same rate as the player sends it (bursts of a song's stems, users in turn), and with every HEAD asking the database. */
  headReference: { playerBursts: { p50Ms: number; p99Ms: number; plainP99Ms: number }; uncached: { p50Ms: number; p99Ms: number } };
}

/** The databases measured: the embedded default, and the server too when `DATABASE_URL` is set. */
function backends(): BenchBackend[] {
  // BENCH_PGLITE=memory keeps PGlite's database in memory, to tell disk commits from the rest.
  // BENCH_PGLITE_THREAD=main runs PGlite in the app's thread, as before decision 0046.
  const thread = process.env.BENCH_PGLITE_THREAD === 'main' ? 'main' : 'worker';
  const list: BenchBackend[] = [{ kind: 'pglite', location: process.env.BENCH_PGLITE === 'memory' ? 'memory' : 'temp-dir', thread }];
  if (process.env.DATABASE_URL !== undefined) list.push(serverBackend());
  // BENCH_DATABASE=server measures only the server (to profile the app's own work without PGlite's).
  return process.env.BENCH_DATABASE === 'server' ? list.filter((backend) => backend.kind === 'postgres') : list;
}

function databaseLabel(backend: BenchBackend): string {
  if (backend.kind === 'postgres') return 'PostgreSQL server';
  return `${backend.location === 'memory' ? 'PGlite in memory' : 'PGlite on disk'}${backend.thread === 'main' ? ', in the app thread' : ', in a worker'}`;
}

async function benchBackend(backend: BenchBackend): Promise<BackendResult> {
  const database = databaseLabel(backend);
  const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-stream-bench-'));
  // The app as `npm start` runs it on this database, projections at their default pace.
  const client = await openBenchSqlClient(backend, 'stream');
  const { sql } = client;
  const store = await createPostgresEventStore(sql);
  await migrateApiTables(sql);
  const projections = await startProjections({ sql, store });
  const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://woodshed.test' }), authSecret: testAuthSecret, songsDir };
  const logger = pino({ level: 'warn' });
  const app = createApp({ ...composeAppDependencies({ config, store, sql, projections, logger, clock: { now: () => new Date() } }), middleware: featureMiddleware, routers: featureRouters });
  const server = await startHttpServer(app, { port: 0, host: '127.0.0.1' });
  // The same app on the same database, but every HEAD asks the database (before decision 0048).
  const uncachedStems = stemsFeatureWith({ admissionCacheTtlMs: 0 });
  const uncachedApp = createApp({
    ...composeAppDependencies({ config, store, sql, projections, logger, clock: { now: () => new Date() } }),
    middleware: featureMiddleware,
    routers: (deps) => features.flatMap((feature) => (feature === stemsFeature ? uncachedStems : feature).routers?.(deps) ?? []),
  });
  const uncachedServer = await startHttpServer(uncachedApp, { port: 0, host: '127.0.0.1' });
  const testApp = { url: server.url, store, sql, projections, config } as unknown as TestApp;

  const library = await createFixtureSongLibrary(testApp, { largeBytes: stemBytes });
  const stemFile = path.join(songsDir, 'fixture-song', library.stems.large.filename);
  const { browser, user } = await signInWithCode(server.url, 'bench@example.com');
  // BENCH_PRO=1 streams as Pro (no reservation), to tell the credit check's cost from the route's.
  if (process.env.BENCH_PRO === '1') await seedPro(testApp, user.id, new Date());
  else await seedPurchase(testApp, user.id, 10_000_000, new Date());

  // The same file served the plainest way Node can: the HEAD phase's baseline, what the machine and load process give.
  const size = (await stat(stemFile)).size;
  const staticServer = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'audio/flac', 'Content-Length': String(size) });
    if (request.method === 'HEAD') response.end();
    else createReadStream(stemFile, { highWaterMark: 64 * 1024 }).pipe(response);
  });
  await new Promise<void>((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
  const address = staticServer.address();
  const staticUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/stem.flac`;
  const meteredUrl = `${server.url}${stemPath(library.songId, library.stems.large.filename)}`;
  const headers = sessionHeader(browser);

  const metered: number[] = [];
  const plain: number[] = [];
  const ratios: number[] = [];
  const cpuPerMiB = { static: [] as number[], metered: [] as number[] };
  let failures = 0;
  const only = process.env.BENCH_ONLY;
  for (let round = 1; round <= (only === 'head' ? 0 : rounds); round++) {
    // Alternate which goes first, so a drift of the machine's load does not favour one side.
    const order = round % 2 ? (['static', 'metered'] as const) : (['metered', 'static'] as const);
    const figures: Record<string, number> = {};
    const counts: Record<string, number> = {};
    for (const side of order) {
      // Let the previous phase's tail (responses cut when its clients left, their events) finish first.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const cpuBefore = process.cpuUsage();
      const result = await runLoad({ kind: 'throughput', url: side === 'static' ? staticUrl : meteredUrl, headers: side === 'static' ? {} : headers, clients, warmupMs: 1_000, durationMs: throughputWindowMs });
      const cpu = process.cpuUsage(cpuBefore);
      if (result.kind !== 'throughput') throw new Error('unexpected load result');
      failures += result.failures;
      figures[side] = result.bytesPerSecond;
      counts[side] = result.responses;
      // The app's CPU per MiB over the whole phase: holds on a shared machine where throughput does not.
      const phaseBytes = (result.bytesPerSecond * (throughputWindowMs + 1_000)) / 1000;
      cpuPerMiB[side].push((cpu.user + cpu.system) / 1000 / Math.max(1, phaseBytes / 2 ** 20));
    }
    plain.push(figures.static!);
    metered.push(figures.metered!);
    ratios.push(figures.metered! / figures.static!);
    console.error(`[${database}] round ${round}: static ${mbps(figures.static!)}, metered ${mbps(figures.metered!)}, ratio ${(figures.metered! / figures.static!).toFixed(2)}; responses ${JSON.stringify(counts)}; app CPU per MiB: static ${cpuPerMiB.static.at(-1)!.toFixed(2)} ms, metered ${cpuPerMiB.metered.at(-1)!.toFixed(2)} ms (load ${loadavg()[0]!.toFixed(1)})`);
  }

  const heads: Array<Extract<StreamLoadResult, { kind: 'head-latency' }> & { cpuMsPerHead: number; plainP99Ms: number; diagnostics: HeadRoundDiagnostics }> = [];
  const playerHeads: Array<{ p50Ms: number; p99Ms: number; plainP99Ms: number }> = [];
  const uncachedHeads: Array<{ p50Ms: number; p99Ms: number }> = [];
  const players: Array<Record<string, string>> = [];
  // Accounts and sessions written as a sign-in writes them (the sign-in route limits e-mails per network).
  if (only !== 'get') {
    const keys = deriveAuthKeys(config);
    for (let i = 0; i < playerCount; i++) {
      const account = await findOrCreateAccount(sql, `player-${i}@example.com`, new Date());
      const { token } = await createSession(sql, { key: keys.session, tokenKey: keys.sessionToken, userId: account.userId, now: new Date() });
      players.push({ cookie: `${sessionCookieName(config.publicUrl)}=${token}`, [playerRequestHeader]: '1' });
    }
  }
  const headLoad = (url: string, headerSets: Array<Record<string, string>>, burst = 1) => runLoad({ kind: 'head-latency', url, headers: headerSets, ratePerSecond: headRate, warmupMs: headWarmupMs, durationMs: headWindowMs, burst }).then((result) => {
    if (result.kind !== 'head-latency') throw new Error('unexpected load result');
    return result;
  });
  for (let round = 1; round <= (only === 'get' ? 0 : rounds); round++) {
    // The plain handler first: the tail the machine and the load process add by themselves.
    const plain = await headLoad(staticUrl, [{}]);
    // The app's own CPU per answer (API, projections, embedded PGlite): steadier than latency on a shared machine.
    const watch = await watchHeadRound(projections, sql);
    const cpuBefore = process.cpuUsage();
    const result = await headLoad(meteredUrl, [headers]);
    const cpu = process.cpuUsage(cpuBefore);
    const diagnostics = await watch.finish(result.slow);
    const cpuMsPerHead = (cpu.user + cpu.system) / 1000 / Math.max(1, result.warmupSent + result.sent);
    heads.push({ ...result, cpuMsPerHead, plainP99Ms: plain.p99Ms, diagnostics });
    // A burst's last HEAD waits for the five before it; the plain handler shows what any server would add.
    const plainBursts = await headLoad(staticUrl, [{}], playerBurst);
    const bursts = await headLoad(meteredUrl, players, playerBurst);
    playerHeads.push({ p50Ms: bursts.p50Ms, p99Ms: bursts.p99Ms, plainP99Ms: plainBursts.p99Ms });
    const uncached = await headLoad(meteredUrl.replace(server.url, uncachedServer.url), [headers]);
    uncachedHeads.push(uncached);
    console.error(
      `[${database}] HEAD round ${round}: p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, max ${result.maxMs.toFixed(1)} ms, ${result.achievedPerSecond.toFixed(0)}/s, ${result.failures} failures; ` +
        `warm-up p99 ${result.warmupP99Ms.toFixed(1)} ms; plain handler p50 ${plain.p50Ms.toFixed(2)} ms, p99 ${plain.p99Ms.toFixed(2)} ms; app CPU ${cpuMsPerHead.toFixed(2)} ms per HEAD (load ${loadavg()[0]!.toFixed(1)})`,
    );
    console.error(`[${database}]   ${describeHeadRound(diagnostics)}`);
    console.error(
      `[${database}]   player bursts (${playerBurst} HEADs, ${playerCount} users in turn): p50 ${bursts.p50Ms.toFixed(2)} ms, p99 ${bursts.p99Ms.toFixed(2)} ms, ${bursts.failures} failures (plain handler, same bursts: p99 ${plainBursts.p99Ms.toFixed(2)} ms); ` +
        `every HEAD asking the database: p50 ${uncached.p50Ms.toFixed(2)} ms, p99 ${uncached.p99Ms.toFixed(2)} ms, ${uncached.failures} failures`,
    );
  }

  await new Promise<void>((resolve) => staticServer.close(() => resolve()));
  await server.close(1_000);
  await uncachedServer.close(1_000);
  await projections.stop();
  await store.close();
  await client.dispose();
  await rm(songsDir, { recursive: true, force: true });
  await library.remove();
  return {
    database,
    throughput: { staticBytesPerSecond: median(plain), meteredBytesPerSecond: median(metered), ratio: median(ratios), target: 0.9, failures, cpuMsPerMiB: { static: median(cpuPerMiB.static), metered: median(cpuPerMiB.metered) } },
    head: {
      p50Ms: median(heads.map((h) => h.p50Ms)),
      p99Ms: median(heads.map((h) => h.p99Ms)),
      achievedPerSecond: median(heads.map((h) => h.achievedPerSecond)),
      failures: heads.reduce((sum, h) => sum + h.failures, 0),
      targetP99Ms: 5,
      cpuMsPerHead: median(heads.map((h) => h.cpuMsPerHead)),
      plainP99Ms: median(heads.map((h) => h.plainP99Ms)),
      warmupP99Ms: median(heads.map((h) => h.warmupP99Ms)),
    },
    headReference: {
      playerBursts: { p50Ms: median(playerHeads.map((h) => h.p50Ms)), p99Ms: median(playerHeads.map((h) => h.p99Ms)), plainP99Ms: median(playerHeads.map((h) => h.plainP99Ms)) },
      uncached: { p50Ms: median(uncachedHeads.map((h) => h.p50Ms)), p99Ms: median(uncachedHeads.map((h) => h.p99Ms)) },
    },
    headRounds: heads.map((h) => ({ p50Ms: h.p50Ms, p99Ms: h.p99Ms, cpuMsPerHead: h.cpuMsPerHead, plainP99Ms: h.plainP99Ms, warmupP99Ms: h.warmupP99Ms, diagnostics: h.diagnostics })),
  };
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg()[0]!;
  const results: BackendResult[] = [];
  for (const backend of backends()) results.push(await benchBackend(backend));

  const summary = {
    startedAt,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?', node: process.version, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg()[0]! },
    settings: { stemBytes, rounds, clients, throughputWindowMs, headRate, headWindowMs },
    results,
  };
  const lines = [
    `Woodshed stem stream benchmark, ${startedAt}: ${summary.machine.cpus} x ${summary.machine.cpuModel}, Node ${process.version}; load average ${loadAtStart.toFixed(1)} at start, ${summary.machine.loadAverageAtEnd.toFixed(1)} at end`,
    `GET ${(stemBytes / 2 ** 20).toFixed(0)} MiB stem, ${clients} concurrent clients, ${throughputWindowMs / 1000} s windows; HEAD credit check at ${headRate}/s for ${headWindowMs / 1000} s after ${headWarmupMs / 1000} s of warm-up; medians of ${rounds} rounds`,
  ];
  for (const { database, throughput, head, headReference } of results) {
    lines.push(
      `${database}:`,
      `  GET: static handler ${mbps(throughput.staticBytesPerSecond)}, metered route ${mbps(throughput.meteredBytesPerSecond)}, ratio ${throughput.ratio.toFixed(2)}x (target >= 0.90x) ${throughput.ratio >= 0.9 ? 'met' : 'MISSED'}; failed responses ${throughput.failures}; app CPU per MiB: static ${throughput.cpuMsPerMiB.static.toFixed(2)} ms, metered ${throughput.cpuMsPerMiB.metered.toFixed(2)} ms`,
      `  HEAD: p50 ${head.p50Ms.toFixed(2)} ms, p99 ${head.p99Ms.toFixed(2)} ms (target <= 5 ms) ${head.p99Ms <= 5 ? 'met' : 'MISSED'}; achieved ${head.achievedPerSecond.toFixed(0)}/s; failures ${head.failures}; app CPU ${head.cpuMsPerHead.toFixed(2)} ms per HEAD; warm-up p99 ${head.warmupP99Ms.toFixed(1)} ms; plain handler p99 ${head.plainP99Ms.toFixed(2)} ms`,
      `  HEAD as the player sends it (bursts of ${playerBurst}, ${playerCount} users in turn): p50 ${headReference.playerBursts.p50Ms.toFixed(2)} ms, p99 ${headReference.playerBursts.p99Ms.toFixed(2)} ms (plain handler ${headReference.playerBursts.plainP99Ms.toFixed(2)} ms); every HEAD asking the database: p50 ${headReference.uncached.p50Ms.toFixed(2)} ms, p99 ${headReference.uncached.p99Ms.toFixed(2)} ms`,
    );
  }
  console.log(lines.join('\n'));
  await writeBenchResult('stream', summary);
}

await main();
