// `npm run bench:replay-workers -- [--events N] [--users N] [--workers 1,2] [--rounds N]`: the partitioned replay (docs/scale.md).
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { ensureOwnerPartitionIndex } from '../../events/store/postgres/read-log-partition';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { repositoryRoot } from '../app/repository-root';
import { type ReadModelDump, compareDumps, dumpReadModels } from '../ops/read-model-dump';
import { writeBenchResult } from './bench-result-file';
import { benchDatabaseUrl, dropSchema, freshSchemaName } from './bench-database';
import { type StemStreamedSeed, expectedSeed, seedStemStreamed } from './seed-stem-streamed';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    users: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '1,2' },
    rounds: { type: 'string', default: '1' },
    // A seeded log takes about 10 minutes at 10M events: `--keep` leaves its schema, `--schema` measures it again.
    keep: { type: 'boolean', default: false },
    schema: { type: 'string' },
  },
});
const events = Number(values.events);
const users = Number(values.users);
const rounds = Number(values.rounds);
const workerCounts = values.workers.split(',').map(Number);
for (const [name, value] of Object.entries({ events, users, rounds, ...Object.fromEntries(workerCounts.map((count, index) => [`workers[${index}]`, count])) })) {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`--${name} takes a positive integer, not ${String(value)}`);
}
const log = (line: string) => console.error(`[replay-workers] ${line}`);
const projection = usageBytesPerUser.name;

const connectionString = benchDatabaseUrl();
const schema = values.schema ?? freshSchemaName('replay_workers');
const sql = await openPgSqlClient({ connectionString, schema });
try {
  const store = await createPostgresEventStore(sql);
  await store.close();
  const seed = values.schema === undefined ? await timed(() => seedStemStreamed(sql, events, users)) : await reuseSeed(sql);
  log(`${values.schema === undefined ? 'seeded' : 'reusing'} ${events.toLocaleString('en')} events of ${users.toLocaleString('en')} users in ${seed.seconds.toFixed(0)} s (schema ${schema})`);
  const { rows: sizes } = await sql.query<{ table_bytes: string; total_bytes: string }>(
    `SELECT pg_table_size('events') AS table_bytes, pg_total_relation_size('events') AS total_bytes`,
  );
  const bytesPerEvent = { table: Number(sizes[0]!.table_bytes) / events, withIndexes: Number(sizes[0]!.total_bytes) / events };
  // Built once here, as the first `--workers` replay of a log would, so the rounds time the replays alone.
  const index = await timed(() => ensureOwnerPartitionIndex(sql));
  await sql.exec('VACUUM ANALYZE events');
  log(`partition index built in ${index.seconds.toFixed(0)} s (concurrently)`);

  // The one-reader replay is the reference: every partitioned result must equal its table.
  const variants = [undefined, ...workerCounts];
  const runs: Array<{ workers: number | null; round: number; seconds: number; rebuildSeconds: number; load: number }> = [];
  let reference: ReadModelDump | undefined;
  for (let round = 1; round <= rounds; round++) {
    for (const workers of variants) {
      const load = loadavg()[0]!;
      const run = await timed(() => replay(workers));
      const dump = await dumpReadModels(sql, { log: false });
      checkTotals(dump, seed.value);
      if (!reference) reference = dump;
      else {
        const differences = compareDumps(reference, dump).filter((difference) => difference.status !== 'same');
        if (differences.length > 0) throw new Error(`--workers ${workers} gave other tables than one reader: ${differences.map((d) => d.table).join(', ')}`);
      }
      runs.push({ workers: workers ?? null, round, seconds: run.seconds, rebuildSeconds: run.value, load });
      log(`round ${round}, ${workers === undefined ? 'one reader' : `--workers ${workers}`}: ${rate(events, run.value)} (${run.value.toFixed(1)} s rebuilding, ${run.seconds.toFixed(1)} s with start-up), load ${load.toFixed(1)}`);
    }
  }

  const medians = Object.fromEntries(
    variants.map((workers) => {
      const mine = runs.filter((run) => run.workers === (workers ?? null));
      const seconds = median(mine.map((run) => run.seconds));
      return [workers === undefined ? 'oneReader' : `workers${workers}`, { seconds, rebuildSeconds: median(mine.map((run) => run.rebuildSeconds)), eventsPerSecond: events / seconds }];
    }),
  );
  const result = {
    startedAt: new Date().toISOString(),
    events,
    users,
    rounds,
    cpus: cpus().length,
    seedSeconds: seed.seconds,
    bytesPerEvent,
    partitionIndexSeconds: index.seconds,
    runs,
    medians,
    speedupTwoOverOne: workerCounts.includes(1) && workerCounts.includes(2) ? medians.workers1!.seconds / medians.workers2!.seconds : null,
  };
  console.log(JSON.stringify(result, null, 2));
  log(`written to ${await writeBenchResult('replay-workers', result)}`);
} finally {
  await sql.close();
  if (values.keep) log(`kept the schema ${schema}: --schema ${schema} measures it again; drop it when done`);
  else await dropSchema(connectionString, schema);
}

/** A log seeded by an earlier run with `--keep`: the same --events and --users, checked against its size. */
async function reuseSeed(db: typeof sql): Promise<{ value: StemStreamedSeed; seconds: number }> {
  const { rows } = await db.query<{ events: string }>('SELECT count(*) AS events FROM events');
  if (Number(rows[0]!.events) !== events) throw new Error(`The schema holds ${rows[0]!.events} events, not --events ${events}`);
  return { value: expectedSeed(events, users), seconds: 0 };
}

/** `npm run replay -- usage-bytes-per-user --fresh [--workers W]` as an operator runs it; answers the seconds it reports rebuilding. */
function replay(workers: number | undefined): Promise<number> {
  // --fresh: every run folds the whole log, whatever an earlier run (or a killed one) left.
  const args = [projection, '--fresh', ...(workers === undefined ? [] : ['--workers', String(workers)])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'replay.ts'), ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, DATABASE_URL: connectionString, DATABASE_SCHEMA: schema, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => {
      const reported = / in ([\d.]+) s = /.exec(stdout);
      if (code !== 0 || !reported) return reject(new Error(`npm run replay -- ${args.join(' ')} ended with ${code}: ${stdout}`));
      resolve(Number(reported[1]));
    });
  });
}

/** The table must hold the seeded totals, computed from the seed, not read back. */
function checkTotals(dump: ReadModelDump, seed: StemStreamedSeed): void {
  const rows = dump.tables.usage_bytes_per_user?.rows.map((row) => JSON.parse(row) as { bytes_streamed: number; streams_count: number }) ?? [];
  const found = { users: rows.length, bytes: rows.reduce((sum, row) => sum + row.bytes_streamed, 0), streams: rows.reduce((sum, row) => sum + row.streams_count, 0) };
  const expected = { users: Math.min(seed.users, seed.events), bytes: seed.totalBytes, streams: seed.events };
  if (JSON.stringify(found) !== JSON.stringify(expected)) throw new Error(`usage_bytes_per_user is wrong: ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function rate(count: number, seconds: number): string {
  return `${Math.round(count / seconds).toLocaleString('en')} events/s`;
}

