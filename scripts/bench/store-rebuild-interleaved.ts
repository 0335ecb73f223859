/**
 * `npx tsx scripts/bench/store-rebuild-interleaved.ts [--rounds N] [--events N] [--schema NAME]`: server
 * rebuilds with one and two pages in flight and the bare read, interleaved so load drift hits all alike.
 */
import { readFile, readdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { rebuildProjection } from '../../projections/runtime/rebuild';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { bareKeysetRead } from './bare-keyset-read';
import { benchDatabaseUrl, dropSchema, freshSchemaName } from './bench-database';
import { expectedSeed, seedStemStreamed } from './seed-stem-streamed';
import { median } from './run-summary';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, events: { type: 'string', default: '1000000' }, schema: { type: 'string' } },
});
const rounds = Number(values.rounds);
const events = Number(values.events);
const users = 10_000;
const url = benchDatabaseUrl();
const schema = values.schema ?? freshSchemaName('interleaved');
const sql = await openPgSqlClient({ connectionString: url, schema });
const store = await createPostgresEventStore(sql);

/** Clock ticks of CPU (user + system) of every process named `postgres`. */
async function postgresTicks(): Promise<number> {
  let ticks = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

interface Run {
  variant: string;
  eventsPerSecond: number;
  nodeMicros: number;
  serverMicros: number;
  load: number;
}

async function measure(variant: string, work: () => Promise<number>): Promise<Run> {
  const ticks = await postgresTicks();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const count = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const serverTicks = (await postgresTicks()) - ticks;
  const run = {
    variant,
    eventsPerSecond: count / seconds,
    nodeMicros: (used.user + used.system) / count,
    // Linux clock ticks are 10 ms.
    serverMicros: (serverTicks * 10_000) / count,
    load: loadavg()[0]!,
  };
  console.error(`${variant}: ${Math.round(run.eventsPerSecond).toLocaleString('en')} events/s, Node ${run.nodeMicros.toFixed(2)} µs/event, postgres ${run.serverMicros.toFixed(2)} µs/event, load ${run.load.toFixed(2)}`);
  return run;
}

async function rebuild(twoPagesInFlight: boolean): Promise<number> {
  const outcome = await rebuildProjection(sql, store, usageBytesPerUser, { twoPagesInFlight });
  if (outcome.kind !== 'swapped' || outcome.events !== events) throw new Error(`Rebuild ended ${JSON.stringify(outcome)}`);
  const { rows } = await sql.query<{ bytes: string; streams: string }>('SELECT sum(bytes_streamed) AS bytes, sum(streams_count) AS streams FROM usage_bytes_per_user');
  if (Number(rows[0]!.bytes) !== seed.totalBytes || Number(rows[0]!.streams) !== events) throw new Error(`Wrong read model: ${JSON.stringify(rows[0])}`);
  return outcome.events;
}

let seed = expectedSeed(events, users);
try {
  const { rows } = await sql.query<{ count: string }>('SELECT count(*) FROM events');
  if (Number(rows[0]!.count) === 0) seed = await seedStemStreamed(sql, events, users);
  else if (Number(rows[0]!.count) !== events) throw new Error(`Schema ${schema} holds ${rows[0]!.count} events, not ${events}`);
  console.error(`schema ${schema}: ${events} events`);
  // A process's first rebuild is the slowest (compiling, first tables): one untimed, and the variants take turns first.
  await rebuild(true);
  const runs: Run[] = [];
  for (let round = 0; round < rounds; round++) {
    const variants = [
      { name: 'one page in flight', twoPagesInFlight: false },
      { name: 'two pages in flight', twoPagesInFlight: true },
    ];
    if (round % 2 === 1) variants.reverse();
    for (const variant of variants) runs.push(await measure(variant.name, () => rebuild(variant.twoPagesInFlight)));
    runs.push(
      await measure('bare read', async () => {
        const bare = await bareKeysetRead(sql, { pageSize: 10_000, types: usageBytesPerUser.eventTypes });
        if (bare.events !== events || bare.totalBytes !== seed.totalBytes) throw new Error(`The bare read saw ${bare.events} events`);
        return bare.events;
      }),
    );
  }
  const bare = median(runs.filter((run) => run.variant === 'bare read').map((run) => run.eventsPerSecond));
  for (const variant of ['one page in flight', 'two pages in flight', 'bare read']) {
    const of = runs.filter((run) => run.variant === variant);
    const rate = median(of.map((run) => run.eventsPerSecond));
    console.log(
      `${variant}: median ${Math.round(rate).toLocaleString('en')} events/s (${of.map((run) => Math.round(run.eventsPerSecond).toLocaleString('en')).join(' / ')}), ` +
        `${(rate / bare).toFixed(2)}x of the bare read, Node ${median(of.map((run) => run.nodeMicros)).toFixed(2)} µs/event, ` +
        `postgres ${median(of.map((run) => run.serverMicros)).toFixed(2)} µs/event, load ${of.map((run) => run.load.toFixed(1)).join(' / ')}`,
    );
  }
} finally {
  await store.close();
  await sql.close();
  if (values.schema === undefined) await dropSchema(url, schema);
}
