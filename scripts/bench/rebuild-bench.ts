import { decodeEvent } from '../../events/catalog';
import type { EventStore } from '../../events/store/event-store';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { adminUsage } from '../../projections/admin-usage/admin-usage-projection';
import { credits } from '../../projections/credits/credits-projection';
import type { Projection } from '../../projections/runtime/projection-definition';
import { rebuildProjection } from '../../projections/runtime/rebuild';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { bareKeysetRead } from './bare-keyset-read';
import type { BenchSettings } from './bench-settings';
import { type BenchBackend, openBenchSqlClient } from './bench-sql-client';
import { type RunSummary, summarizeRuns } from './run-summary';
import { type StemStreamedSeed, seedStemStreamed } from './seed-stem-streamed';

export interface RebuildRun {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

export interface RebuildFigure {
  backend: string;
  /** Where the data lived (server schema or PGlite location), for the record. */
  where: string;
  seed: StemStreamedSeed & { seconds: number };
  pageSize: number | undefined;
  barePageSize: number;
  rebuild: { eventsPerSecond: RunSummary; runs: RebuildRun[] };
  bare: { eventsPerSecond: RunSummary; runs: RebuildRun[] };
  /** Median rebuild over median bare read. */
  oursOverBare: number;
  /** Rebuilds of the admin usage read models (decision 0023) over the same log, each against the same bare read. */
  readModels: ReadModelFigure[];
  /** Every rebuild swapped in a read model whose totals match the seeded ones, and the bare read saw every event. */
  correct: true;
}

export interface ReadModelFigure {
  projection: string;
  eventsPerSecond: RunSummary;
  runs: RebuildRun[];
  /** Median rebuild over the median bare read of the same log. */
  oursOverBare: number;
}

/** The admin usage read models that fold StemStreamed, with checks of their rebuilt totals. */
const usageReadModels: readonly { projection: Projection; check: (sql: SqlClient, seed: StemStreamedSeed) => Promise<void> }[] = [
  {
    projection: adminUsage,
    check: (sql, seed) =>
      checkTotals(sql, 'SELECT count(*) AS users, sum(bytes_streamed) AS bytes, sum(streams) AS streams FROM admin_usage_users', seedTotals(seed)),
  },
  {
    // Every seeded stream falls in one billing month: the month rows hold what the accounts hold.
    projection: credits,
    check: (sql, seed) =>
      checkTotals(
        sql,
        `SELECT (SELECT count(*) FROM credit_accounts) AS users, (SELECT sum(bytes_streamed) FROM credit_accounts) AS bytes,
           (SELECT sum(bytes_streamed) FROM credit_months) AS month_bytes`,
        { users: seedTotals(seed).users, bytes: seed.totalBytes, month_bytes: seed.totalBytes },
      ),
  },
];

/** Alternate a blue/green rebuild and the bare keyset read on a seeded log; wrong totals throw. */
export async function measureRebuild(backend: BenchBackend, settings: BenchSettings, log: (line: string) => void = () => undefined): Promise<RebuildFigure> {
  const { events, users, pageSize, barePageSize } = settings.rebuild;
  const database = await openBenchSqlClient(backend, 'rebuild');
  const label = backend.kind === 'postgres' ? 'server' : `pglite, ${backend.location}`;
  try {
    const { sql } = database;
    const store = await createPostgresEventStore(sql);
    try {
      const seedStarted = performance.now();
      const seed = await seedStemStreamed(sql, events, users);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      log(`rebuild (${label}): seeded ${events} events for ${users} users in ${seedSeconds.toFixed(1)} s`);
      await checkSeedDecodes(store);

      const rebuildRuns: RebuildRun[] = [];
      const bareRuns: RebuildRun[] = [];
      for (let run = 0; run < settings.runs; run++) {
        rebuildRuns.push(await rebuildOnce(sql, store, usageBytesPerUser, pageSize, seed, checkReadModel));
        bareRuns.push(await timedRun(() => bareOnce(sql, barePageSize, seed)));
        log(`rebuild (${label}) run ${run + 1}: runtime ${rate(rebuildRuns.at(-1)!)}, bare read ${rate(bareRuns.at(-1)!)}`);
      }
      const rebuild = summarizeRuns(rebuildRuns.map((run) => run.eventsPerSecond));
      const bare = summarizeRuns(bareRuns.map((run) => run.eventsPerSecond));
      const readModels: ReadModelFigure[] = [];
      for (const { projection, check } of usageReadModels) {
        const runs: RebuildRun[] = [];
        for (let run = 0; run < settings.runs; run++) {
          runs.push(await rebuildOnce(sql, store, projection, pageSize, seed, check));
          log(`rebuild (${label}) ${projection.name} run ${run + 1}: ${rate(runs.at(-1)!)}`);
        }
        const eventsPerSecond = summarizeRuns(runs.map((run) => run.eventsPerSecond));
        readModels.push({ projection: projection.name, eventsPerSecond, runs, oursOverBare: eventsPerSecond.median / bare.median });
      }
      return {
        backend: label,
        where: database.where,
        seed: { ...seed, seconds: seedSeconds },
        pageSize,
        barePageSize,
        rebuild: { eventsPerSecond: rebuild, runs: rebuildRuns },
        bare: { eventsPerSecond: bare, runs: bareRuns },
        oursOverBare: rebuild.median / bare.median,
        readModels,
        correct: true,
      };
    } finally {
      await store.close();
    }
  } finally {
    await database.dispose();
  }
}

/** The seeded rows must read back as valid events (upcast, zod) through the store, as the runtime reads them. */
async function checkSeedDecodes(store: EventStore): Promise<void> {
  const page = await store.readAll({ max: 1_000, types: usageBytesPerUser.eventTypes });
  if (page.events.length === 0) throw new Error('The seeded events are not visible to readAll');
  for (const event of page.events) decodeEvent(event);
}

const busyRetryMs = 250;
const busyGiveUpMs = 120_000;

/** One timed rebuild. The advisory rebuild lock spans the database, not the schema: on `busy`, wait (untimed). */
async function rebuildOnce(
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  pageSize: number | undefined,
  seed: StemStreamedSeed,
  check: (sql: SqlClient, seed: StemStreamedSeed) => Promise<void>,
): Promise<RebuildRun> {
  const giveUpAt = performance.now() + busyGiveUpMs;
  for (;;) {
    const started = performance.now();
    const outcome = await rebuildProjection(sql, store, projection, pageSize === undefined ? {} : { pageSize });
    const seconds = (performance.now() - started) / 1000;
    if (outcome.kind === 'busy' && performance.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, busyRetryMs));
      continue;
    }
    if (outcome.kind !== 'swapped') throw new Error(`Rebuild ended ${outcome.kind}, not swapped: ${JSON.stringify(outcome)}`);
    if (outcome.events !== seed.events) throw new Error(`Rebuild folded ${outcome.events} events, ${seed.events} were seeded`);
    await check(sql, seed);
    return { events: outcome.events, seconds, eventsPerSecond: outcome.events / seconds };
  }
}

/** The live read model (through its view, as queries read it) must hold exactly the seeded totals. */
function checkReadModel(sql: SqlClient, seed: StemStreamedSeed): Promise<void> {
  return checkTotals(sql, 'SELECT count(*) AS users, sum(bytes_streamed) AS bytes, sum(streams_count) AS streams FROM usage_bytes_per_user', seedTotals(seed));
}

/** Users, bytes and streams a read model of the seed must hold, computed from the seed, not read back. */
function seedTotals(seed: StemStreamedSeed): Record<string, number> {
  return { users: Math.min(seed.users, seed.events), bytes: seed.totalBytes, streams: seed.events };
}

/** `query` answers one row whose columns (counts and sums, as text) must equal `expected`. */
async function checkTotals(sql: SqlClient, query: string, expected: Record<string, number>): Promise<void> {
  const { rows } = await sql.query<Record<string, string | null>>(query);
  const totals = Object.fromEntries(Object.keys(expected).map((key) => [key, Number(rows[0]?.[key] ?? 0)]));
  if (rows.length !== 1 || Object.keys(expected).some((key) => totals[key] !== expected[key])) {
    throw new Error(`The rebuilt read model is wrong: ${JSON.stringify(totals)}, expected ${JSON.stringify(expected)}`);
  }
}

async function bareOnce(sql: SqlClient, pageSize: number, seed: StemStreamedSeed): Promise<number> {
  const result = await bareKeysetRead(sql, { pageSize, types: usageBytesPerUser.eventTypes });
  if (result.events !== seed.events || result.totalBytes !== seed.totalBytes) {
    throw new Error(`The bare read saw ${result.events} events and ${result.totalBytes} bytes, expected ${seed.events} and ${seed.totalBytes}`);
  }
  return result.events;
}

async function timedRun(work: () => Promise<number>): Promise<RebuildRun> {
  const started = performance.now();
  const events = await work();
  const seconds = (performance.now() - started) / 1000;
  return { events, seconds, eventsPerSecond: events / seconds };
}

function rate(run: RebuildRun): string {
  return `${Math.round(run.eventsPerSecond).toLocaleString('en')} events/s`;
}
