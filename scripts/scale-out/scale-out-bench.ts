/**
 * `npm run bench:scale-out`: metered stem GETs and HEAD admissions through nginx (deploy/nginx.conf)
 * in front of one API process and in front of two, in the same run and on the same rehearsal
 * (`startCluster`: two workers, the PostgreSQL server of DATABASE_URL), rounds alternating which
 * goes first. Besides throughput and latency it measures the CPU each request cost in the API
 * processes, nginx and the PostgreSQL backends, to say where the ceiling is and what more cores give;
 * and how long a star written through one copy takes to reach a live stream held by the other.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { newEvent } from '../../events/catalog';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { creditSnapshotOf } from '../../projections/credits/credits-queries';
import type { Song } from '../../contract/song';
import { benchDatabaseUrl } from '../bench/bench-database';
import { writeBenchResult } from '../bench/bench-result-file';
import { describeMachine } from '../bench/machine-info';
import { runJsonChild } from '../bench/run-json-child';
import { median } from '../bench/run-summary';
import { table } from '../bench/text-table';
import { signInDirectly } from './cluster-session';
import { openSyncStream } from './sync-stream-reader';
import { childPids } from '../ops/process-tree';
import { cpuWindow } from './process-cpu';
import type { ScaleOutLoadRequest, ScaleOutLoadResult } from './scale-out-load';
import { startCluster } from './scale-out-cluster';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const windowMs = Number(process.env.BENCH_WINDOW_MS ?? 6_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 16);
/** Stars written through one API copy, each timed to its arrival on a live stream held by the other. */
const syncWrites = Number(process.env.BENCH_SYNC_WRITES ?? 20);
/** The live sync target: a change written through one copy reaches a stream on another within this. */
const syncTargetMs = 1_000;
const log = (line: string) => console.error(`[bench:scale-out] ${line}`);

type Kind = 'GET' | 'HEAD';
interface Phase {
  apis: 1 | 2;
  kind: Kind;
  round: number;
  perSecond: number;
  megabytesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** CPU per answered request, ms, by where it was spent. */
  cpuMsPerRequest: { api: number; nginx: number; postgres: number; load: number };
}

const startedAt = new Date().toISOString();
const workDir = await mkdtemp(path.join(tmpdir(), 'woodshed-scale-out-bench-'));
const databaseUrl = benchDatabaseUrl();
const cluster = await startCluster({ apiCount: 2, databaseUrl, workDir, log });
let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
  void cluster.stop().then(() => process.exit(130));
});
try {
  const { description } = cluster;
  const sql = await openPgSqlClient({ connectionString: databaseUrl, schema: description.databaseSchema, max: 2 });
  const store = await createPostgresEventStore(sql);
  // A listener per client, each with a pack far larger than the run streams: every GET holds and
  // settles credits (the metered path of a payer). One user for all would measure the lock on that
  // user's balance, which every GET of theirs takes in turn, rather than the service.
  const credits = 10_000_000;
  const users = await Promise.all(Array.from({ length: clients }, (_, index) => signInDirectly(sql, description, `bench-${index}`)));
  for (const user of users) {
    const metadata = { eventId: randomUUID(), occurredAt: new Date().toISOString(), userId: user.userId, requestId: 'bench', causationId: 'bench', correlationId: 'bench' };
    await store.append(`credits-user-${user.userId}`, [newEvent('CreditsPurchased', { userId: user.userId, credits, amountCents: 500, currency: 'usd', paymentReference: `cs_test_${randomUUID()}` }, metadata)], { expectedVersion: 'no_stream' });
  }
  for (const user of users) {
    for (let waited = 0; (await creditSnapshotOf(sql, user.userId, new Date())).paidBalance !== credits; waited++) {
      if (waited > 300) throw new Error('the purchased credits never reached the credits read model');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const user = users[0]!;
  const songs = (await (await fetch(`${description.proxyUrl}/api/songs`, { headers: user.headers })).json()) as Song[];
  const stem = songs.flatMap((song) => song.stems).sort((a, b) => b.filename.localeCompare(a.filename))[0]!;
  const stemBytes = Number((await fetch(`${description.proxyUrl}${stem.filePath}`, { method: 'HEAD', headers: user.headers })).headers.get('content-length'));

  const single = await cluster.startProxy(['api-1']);
  const proxies = { 1: single.url, 2: description.proxyUrl } as const;
  const apiPids = (count: 1 | 2) => Object.entries(cluster.pids()).filter(([name]) => (count === 1 ? name === 'api-1' : name.startsWith('api-'))).map(([, pid]) => pid);
  const nginxPid = (count: 1 | 2) => cluster.pids()[count === 1 ? single.process.name : 'nginx']!;
  const postgresPids = async (count: 1 | 2) => {
    const names = count === 1 ? ['woodshed-api-1'] : ['woodshed-api-1', 'woodshed-api-2'];
    const { rows } = await sql.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = ANY($1)', [names]);
    return rows.map((row) => Number(row.pid));
  };

  const phases: Phase[] = [];
  for (let round = 1; round <= rounds && !interrupted; round++) {
    const order: Array<1 | 2> = round % 2 ? [1, 2] : [2, 1];
    for (const apis of order) {
      for (const kind of ['GET', 'HEAD'] as const) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const load: ScaleOutLoadRequest = { url: `${proxies[apis]}${stem.filePath}`, method: kind, headers: users.map((each) => each.headers), clients, warmupMs: 1_000, durationMs: windowMs };
        const api = await cpuWindow(async () => apiPids(apis));
        const nginx = await cpuWindow(async () => [nginxPid(apis), ...(await childPids(nginxPid(apis)))]);
        const postgres = await cpuWindow(() => postgresPids(apis));
        const result = await runJsonChild<ScaleOutLoadResult>(new URL('./scale-out-load.ts', import.meta.url), load, 'The load process');
        const [apiMs, nginxMs, postgresMs] = [await api.stop(), await nginx.stop(), await postgres.stop()];
        // CPU was counted over warm-up and window; requests over the window: scale the count up.
        const requests = Math.max(1, (result.responses * (windowMs + 1_000)) / windowMs);
        const phase: Phase = {
          apis,
          kind,
          round,
          perSecond: result.responses / (windowMs / 1000),
          megabytesPerSecond: result.bytes / 1e6 / (windowMs / 1000),
          p50Ms: result.p50Ms,
          p99Ms: result.p99Ms,
          failures: result.failures,
          cpuMsPerRequest: { api: apiMs / requests, nginx: nginxMs / requests, postgres: postgresMs / requests, load: result.cpuMs / requests },
        };
        phases.push(phase);
        log(
          `round ${round}, ${apis} API process${apis === 1 ? '' : 'es'}, ${kind}: ${phase.perSecond.toFixed(0)}/s, p50 ${phase.p50Ms.toFixed(1)} ms, p99 ${phase.p99Ms.toFixed(1)} ms, ${phase.failures} failures; ` +
            `CPU per request: API ${phase.cpuMsPerRequest.api.toFixed(2)} ms, nginx ${phase.cpuMsPerRequest.nginx.toFixed(2)} ms, PostgreSQL ${phase.cpuMsPerRequest.postgres.toFixed(2)} ms, load ${phase.cpuMsPerRequest.load.toFixed(2)} ms (load average ${loadavg()[0]!.toFixed(1)})`,
        );
      }
    }
  }

  // Live sync across copies: a star written through api-1, awaited on a stream held by api-2.
  const [writer, reader] = description.apis;
  const syncUser = await signInDirectly(sql, description, 'bench-sync');
  const stream = await openSyncStream(reader!.url, syncUser.headers);
  const syncMs: number[] = [];
  try {
    await stream.next((message) => message === 'RESYNC', 0, 30_000);
    for (let write = 0; write < syncWrites && !interrupted; write++) {
      const song = songs[write % songs.length]!;
      const starred = Math.floor(write / songs.length) % 2 === 0;
      const from = stream.count();
      const sentAt = performance.now();
      const response = await fetch(`${writer!.url}/api/songs/${song.id}/starred`, {
        method: 'PATCH',
        headers: { ...syncUser.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ starred }),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`PATCH starred answered ${response.status}`);
      const { at } = await stream.next(
        (message) => message !== 'RESYNC' && message.collection === 'stars' && message.documents.some((document) => document.id === String(song.id) && document.starred === starred),
        from,
        30_000,
      );
      syncMs.push(at - sentAt);
    }
  } finally {
    stream.close();
  }
  syncMs.sort((a, b) => a - b);
  const sync = { writes: syncMs.length, p50Ms: median(syncMs), maxMs: syncMs.at(-1) ?? 0, targetMs: syncTargetMs, withinTarget: syncMs.filter((ms) => ms <= syncTargetMs).length };
  log(`live sync across copies: ${sync.writes} stars, p50 ${sync.p50Ms.toFixed(0)} ms, max ${sync.maxMs.toFixed(0)} ms from the PATCH sent to the stream's message; ${sync.withinTarget} within ${syncTargetMs} ms`);

  const summary = (['GET', 'HEAD'] as const).flatMap((kind) =>
    ([1, 2] as const).map((apis) => {
      const of = phases.filter((phase) => phase.kind === kind && phase.apis === apis);
      const cpu = (part: keyof Phase['cpuMsPerRequest']) => median(of.map((phase) => phase.cpuMsPerRequest[part]));
      return {
        kind,
        apis,
        perSecond: median(of.map((phase) => phase.perSecond)),
        p50Ms: median(of.map((phase) => phase.p50Ms)),
        p99Ms: median(of.map((phase) => phase.p99Ms)),
        failures: of.reduce((sum, phase) => sum + phase.failures, 0),
        cpuMsPerRequest: { api: cpu('api'), nginx: cpu('nginx'), postgres: cpu('postgres'), load: cpu('load') },
      };
    }),
  );
  const projections = (['GET', 'HEAD'] as const).map((kind) => {
    const two = summary.find((row) => row.kind === kind && row.apis === 2)!;
    const { api, nginx, postgres, load } = two.cpuMsPerRequest;
    const server = api + nginx + postgres;
    // 8 cores: the service's own CPU per request (API, nginx, PostgreSQL) against 8 cores' 8,000 ms per second,
    // the load generator elsewhere; and what the API processes alone would allow with 6 of them.
    return { kind, serverCpuMsPerRequest: server, twoCoresCeilingPerSecond: 2_000 / (server + load), eightCoresPerSecond: 8_000 / server, apiLimitOnSixCoresPerSecond: 6_000 / api };
  });
  const result = { startedAt, machine: await describeMachine(databaseUrl), settings: { rounds, windowMs, clients, stemBytes, stem: stem.filename, syncWrites }, phases, summary, projections, sync };
  const file = await writeBenchResult('scale-out', result);
  console.log(
    table(
      ['request', 'API processes', 'per second', 'p50 ms', 'p99 ms', 'failures', 'CPU ms/request: API', 'nginx', 'PostgreSQL', 'load'],
      summary.map((row) => [
        row.kind,
        String(row.apis),
        row.perSecond.toFixed(0),
        row.p50Ms.toFixed(1),
        row.p99Ms.toFixed(1),
        String(row.failures),
        row.cpuMsPerRequest.api.toFixed(2),
        row.cpuMsPerRequest.nginx.toFixed(2),
        row.cpuMsPerRequest.postgres.toFixed(2),
        row.cpuMsPerRequest.load.toFixed(2),
      ]),
      2,
    ),
  );
  for (const projection of projections) {
    console.log(
      `${projection.kind}: ${projection.serverCpuMsPerRequest.toFixed(2)} ms of server CPU per request; 2 cores with the load beside them: at most ${projection.twoCoresCeilingPerSecond.toFixed(0)}/s; ` +
        `8 cores for the service: about ${projection.eightCoresPerSecond.toFixed(0)}/s (the API processes alone on 6 cores: ${projection.apiLimitOnSixCoresPerSecond.toFixed(0)}/s)`,
    );
  }
  console.log(`live sync, written through api-1, on a stream held by api-2: p50 ${sync.p50Ms.toFixed(0)} ms, max ${sync.maxMs.toFixed(0)} ms (${sync.withinTarget} of ${sync.writes} within the ${syncTargetMs} ms target)`);
  console.log(`medians of ${rounds} rounds; stem ${stem.filename}, ${stemBytes} bytes; ${clients} clients; figures in ${file}`);
  await store.close();
  await sql.close();
} finally {
  await cluster.stop();
  await rm(workDir, { recursive: true, force: true });
}
