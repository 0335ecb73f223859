// `npx tsx scripts/bench/partitioned-rebuild-sim.ts [--events N] [--users N] [--workers N]`: docs/scale.md's rebuild.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { defaultPageSize } from '../../projections/runtime/catch-up';
import { rebuildProjection } from '../../projections/runtime/rebuild';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { writeBenchResult } from './bench-result-file';
import { benchDatabaseUrl, dropSchema, freshSchemaName } from './bench-database';
import { partitionIndexSql } from './partition-page';
import type { PartitionWorkerRequest, PartitionWorkerResult } from './partition-worker';
import { runJsonChild } from './run-json-child';
import { type StemStreamedSeed, seedStemStreamed } from './seed-stem-streamed';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '10000000' }, users: { type: 'string', default: '10000' }, workers: { type: 'string', default: '2' } },
});
const events = Number(values.events);
const users = Number(values.users);
const workers = Number(values.workers);
for (const [name, value] of Object.entries({ events, users, workers })) {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`--${name} takes a positive integer, not ${String(value)}`);
}
const log = (line: string) => console.error(`[partitioned] ${line}`);
const pageSize = defaultPageSize;
const maxBatchEvents = 100_000;

const connectionString = benchDatabaseUrl();
const schema = freshSchemaName('partitioned');
const sql = await openPgSqlClient({ connectionString, schema });
try {
  const store = await createPostgresEventStore(sql);
  const seed = await timed(() => seedStemStreamed(sql, events, users));
  log(`seeded ${events.toLocaleString('en')} events of ${users.toLocaleString('en')} users in ${seed.seconds.toFixed(0)} s`);
  const { rows: sizes } = await sql.query<{ table_bytes: string; total_bytes: string }>(
    `SELECT pg_table_size('events') AS table_bytes, pg_total_relation_size('events') AS total_bytes`,
  );
  const bytesPerEvent = { table: Number(sizes[0]!.table_bytes) / events, withIndexes: Number(sizes[0]!.total_bytes) / events };
  log(`the log takes ${Math.round(bytesPerEvent.table)} bytes per event, ${Math.round(bytesPerEvent.withIndexes)} with its indexes`);
  const index = await timed(() => sql.exec(partitionIndexSql(workers)));
  await sql.exec('VACUUM ANALYZE events');
  log(`partition index for ${workers} partitions built in ${index.seconds.toFixed(0)} s`);

  const single = await timed(() => rebuildProjection(sql, store, usageBytesPerUser));
  if (single.value.kind !== 'swapped') throw new Error(`The runtime rebuild ended ${single.value.kind}`);
  await checkTotals(sql, 'usage_bytes_per_user', seed.value);
  log(`runtime rebuild, one process: ${rate(events, single.seconds)} (${single.seconds.toFixed(1)} s)`);

  const partitioned = await timed(() => partitionedRebuild(sql, schema, workers));
  await checkTotals(sql, 'sim_usage_bytes_per_user', seed.value);
  const slowest = Math.max(...partitioned.value.map((worker) => worker.seconds));
  log(`partitioned rebuild, ${workers} workers: ${rate(events, partitioned.seconds)} (${partitioned.seconds.toFixed(1)} s with process start-up, slowest worker ${slowest.toFixed(1)} s)`);

  const result = {
    startedAt: new Date().toISOString(),
    events,
    users,
    workers,
    cpus: cpus().length,
    seedSeconds: seed.seconds,
    bytesPerEvent,
    partitionIndexSeconds: index.seconds,
    single: { seconds: single.seconds, eventsPerSecond: events / single.seconds },
    partitioned: { seconds: partitioned.seconds, eventsPerSecond: events / partitioned.seconds, workers: partitioned.value },
    speedup: single.seconds / partitioned.seconds,
  };
  console.log(JSON.stringify(result, null, 2));
  await writeBenchResult('partitioned', result);
  await store.close();
} finally {
  await sql.close();
  await dropSchema(connectionString, schema);
}

/** Create the new table and one checkpoint per partition, run the workers at once, wait for all. */
async function partitionedRebuild(sql: SqlClient, schema: string, count: number): Promise<PartitionWorkerResult[]> {
  const tables = { usage_bytes_per_user: 'sim_usage_bytes_per_user' };
  await sql.exec(usageBytesPerUser.migration(tables));
  await sql.exec('CREATE TABLE sim_partition_checkpoints (partition integer PRIMARY KEY, position text COLLATE "C" NOT NULL)');
  await sql.query(`INSERT INTO sim_partition_checkpoints SELECT generate_series(0, $1::integer - 1), ''`, [count]);
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      runWorker({ connectionString, schema, partition: { index, count }, tables, pageSize, maxBatchEvents }),
    ),
  );
}

function runWorker(request: PartitionWorkerRequest): Promise<PartitionWorkerResult> {
  return runJsonChild(new URL('./partition-worker.ts', import.meta.url), request, `Partition worker ${request.partition.index}`);
}

/** The table must hold the seeded totals, computed from the seed, not read back. */
async function checkTotals(sql: SqlClient, table: string, seed: StemStreamedSeed): Promise<void> {
  const { rows } = await sql.query<{ users: string; bytes: string; streams: string }>(
    `SELECT count(*) AS users, sum(bytes_streamed) AS bytes, sum(streams_count) AS streams FROM ${table}`,
  );
  const found = { users: Number(rows[0]!.users), bytes: Number(rows[0]!.bytes), streams: Number(rows[0]!.streams) };
  const expected = { users: Math.min(seed.users, seed.events), bytes: seed.totalBytes, streams: seed.events };
  if (JSON.stringify(found) !== JSON.stringify(expected)) throw new Error(`${table} is wrong: ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

function rate(count: number, seconds: number): string {
  return `${Math.round(count / seconds).toLocaleString('en')} events/s`;
}
