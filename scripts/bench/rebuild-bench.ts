import { decodeEvent } from '../../events/catalog';
import type { EventStore } from '../../events/store/event-store';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { rebuildProjection } from '../../projections/runtime/rebuild';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { bareKeysetRead } from './bare-keyset-read';
import type { BenchSettings } from './bench-settings';
import { type BenchBackend, openBenchSqlClient } from './bench-sql-client';
import { type RunSummary, summarizeRuns } from './run-summary';
import { type StemStreamedSeed, seedStemStreamed } from './seed-stem-streamed';

/** One timed pass over the whole log. */
export interface RebuildRun {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/** The rebuild figures of one backend, every run kept. */
export interface RebuildFigure {
  backend: string;
  /** Where the data lived (server schema or PGlite location), for the record. */
  where: string;
  seed: StemStreamedSeed & { seconds: number };
  pageSize: number;
  barePageSize: number;
  rebuild: { eventsPerSecond: RunSummary; runs: RebuildRun[] };
  bare: { eventsPerSecond: RunSummary; runs: RebuildRun[] };
  /** Median rebuild over median bare read. */
  oursOverBare: number;
  /** Every rebuild swapped in a read model whose totals match the seeded ones, and the bare read saw every event. */
  correct: true;
}

/**
 * Seed `settings.rebuild.events` StemStreamed events, then alternate (so drift hits both alike)
 * a full blue/green rebuild of the bytes-per-user read model through the real runtime — what
 * `npm run replay -- usage-bytes-per-user` does — with the bare keyset read of the same events.
 * Each rebuild's read model is checked against the seed; a wrong total throws.
 */
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
        rebuildRuns.push(await rebuildOnce(sql, store, pageSize, seed));
        bareRuns.push(await timedRun(() => bareOnce(sql, barePageSize, seed)));
        log(`rebuild (${label}) run ${run + 1}: runtime ${rate(rebuildRuns.at(-1)!)}, bare read ${rate(bareRuns.at(-1)!)}`);
      }
      const rebuild = summarizeRuns(rebuildRuns.map((run) => run.eventsPerSecond));
      const bare = summarizeRuns(bareRuns.map((run) => run.eventsPerSecond));
      return {
        backend: label,
        where: database.where,
        seed: { ...seed, seconds: seedSeconds },
        pageSize,
        barePageSize,
        rebuild: { eventsPerSecond: rebuild, runs: rebuildRuns },
        bare: { eventsPerSecond: bare, runs: bareRuns },
        oursOverBare: rebuild.median / bare.median,
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

/**
 * One timed rebuild. The runtime's rebuild lock is an advisory lock, which PostgreSQL scopes to the
 * database, not the schema: another process rebuilding the same projection in another schema of the
 * same database answers `busy`. Wait for it (untimed) rather than fail.
 */
async function rebuildOnce(sql: SqlClient, store: EventStore, pageSize: number, seed: StemStreamedSeed): Promise<RebuildRun> {
  const giveUpAt = performance.now() + busyGiveUpMs;
  for (;;) {
    const started = performance.now();
    const outcome = await rebuildProjection(sql, store, usageBytesPerUser, { pageSize });
    const seconds = (performance.now() - started) / 1000;
    if (outcome.kind === 'busy' && performance.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, busyRetryMs));
      continue;
    }
    if (outcome.kind !== 'swapped') throw new Error(`Rebuild ended ${outcome.kind}, not swapped: ${JSON.stringify(outcome)}`);
    if (outcome.events !== seed.events) throw new Error(`Rebuild folded ${outcome.events} events, ${seed.events} were seeded`);
    await checkReadModel(sql, seed);
    return { events: outcome.events, seconds, eventsPerSecond: outcome.events / seconds };
  }
}

/** The live read model (through its view, as queries read it) must hold exactly the seeded totals. */
async function checkReadModel(sql: SqlClient, seed: StemStreamedSeed): Promise<void> {
  const { rows } = await sql.query<{ users: string; bytes: string | null; streams: string | null }>(
    'SELECT count(*) AS users, sum(bytes_streamed) AS bytes, sum(streams_count) AS streams FROM usage_bytes_per_user',
  );
  const totals = { users: Number(rows[0]!.users), bytes: Number(rows[0]!.bytes ?? 0), streams: Number(rows[0]!.streams ?? 0) };
  const expected = { users: Math.min(seed.users, seed.events), bytes: seed.totalBytes, streams: seed.events };
  if (totals.users !== expected.users || totals.bytes !== expected.bytes || totals.streams !== expected.streams) {
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
