import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, Position, RecordedEvent } from '../../events/store/event-store';
import { LogFromAnotherCluster } from '../../events/store/postgres/log-from-another-cluster';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { positionSql } from '../../events/store/postgres/sql-position';
import { storePerTest } from '../../events/store/testing/store-per-test';
import { availableSqlClients, dropSchema, freshSchemaName } from '../../events/store/testing/test-sql-clients';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { type Projection, defineProjection } from '../../projections/runtime/projection-definition';
import { type ProjectionsHandle, startProjectionHost } from '../../projections/runtime/projection-host';
import { migrateRuntimeSchema } from '../../projections/runtime/runtime-schema';
import { stemStreamed } from '../../projections/testing/stem-streamed';
import { rebasePositions } from './rebase-positions-in-database';
import { runOperatorCommand } from './testing/run-operator-command';

// Alone on the server (exclusive): the rebase rewrites the log in one transaction and uses up
// transaction ids, so meanwhile every reader in the cluster sees nothing past it, and another file's
// open transaction would leave it no room below the counter.

type StreamOrder = Map<string, { first: number; last: number; events: number; outOfOrder: number }>;

/** Per stream: how many events were folded, the last revision, and how often a revision was not the next one. */
const streamOrderProjection: Projection = defineProjection({
  name: 'stream-order',
  version: 1,
  eventTypes: ['StemStreamed'],
  tables: ['stream_order'],
  migration: (tables) =>
    `CREATE TABLE ${tables.stream_order} (stream_id text PRIMARY KEY, events bigint NOT NULL, first_revision bigint NOT NULL,
       last_revision bigint NOT NULL, out_of_order bigint NOT NULL)`,
  fold(events, changes: StreamOrder = new Map()) {
    for (const event of events) {
      const revision = Number(event.streamPosition);
      const row = changes.get(event.streamId);
      if (!row) changes.set(event.streamId, { first: revision, last: revision, events: 1, outOfOrder: 0 });
      else changes.set(event.streamId, { ...row, last: revision, events: row.events + 1, outOfOrder: row.outOfOrder + (revision === row.last + 1 ? 0 : 1) });
    }
    return changes;
  },
  async apply(tx: SqlExecutor, changes: StreamOrder, tables) {
    const rows = [...changes];
    // A batch continues the stored row when its first revision follows the stored last one.
    await tx.query(
      `INSERT INTO ${tables.stream_order} AS current (stream_id, events, first_revision, last_revision, out_of_order)
       SELECT id, n, f, l, o + (f <> 0)::int FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) AS t(id, n, f, l, o)
       ON CONFLICT (stream_id) DO UPDATE SET events = current.events + excluded.events, first_revision = excluded.first_revision,
         last_revision = excluded.last_revision,
         out_of_order = current.out_of_order + excluded.out_of_order - (excluded.first_revision <> 0)::int
           + (excluded.first_revision <> current.last_revision + 1)::int`,
      [rows.map(([id]) => id), ...(['events', 'first', 'last', 'outOfOrder'] as const).map((key) => rows.map(([, row]) => row[key]))],
    );
  },
});

async function append(store: EventStore, streams: Record<string, number>): Promise<void> {
  for (const [stream, count] of Object.entries(streams)) {
    const userId = Number(stream.slice(1));
    await store.append(stream, Array.from({ length: count }, () => stemStreamed({ userId, bytesSent: 1 })), { expectedVersion: 'any' });
  }
}

async function readWholeLog(store: EventStore): Promise<RecordedEvent[]> {
  const read: RecordedEvent[] = [];
  let after: Position = '';
  for (;;) {
    const page = await store.readAll({ after, max: 100 });
    if (page.next === after) return read;
    read.push(...page.events);
    after = page.next;
  }
}

/** Run the projection until it has folded everything up to the log's head, then stop it. */
async function foldToHead(sql: SqlClient, store: EventStore): Promise<void> {
  const host: ProjectionsHandle = await startProjectionHost({ sql, store, projections: [streamOrderProjection], pollMs: 30, waitPollMs: 20 });
  try {
    await host.waitForPosition('stream-order', await store.headPosition(), { timeoutMs: 15_000 });
  } finally {
    await host.stop();
  }
}

/**
 * The log as another cluster left it: every id far above this database's (as after pg_dump and a
 * restore into a younger cluster), checkpoints and dead letters with them. `shift` is SQL turning
 * `tx_id` into the old cluster's id.
 */
async function shiftIds(sql: SqlExecutor, shift: (column: string) => string): Promise<void> {
  const shiftPosition = (column: string) => `CASE WHEN ${column} = '' THEN '' ELSE ${positionSql(
    shift(`(split_part(${column}, '/', 1)::numeric)::text::xid8`),
    `split_part(${column}, '/', 2)::bigint`,
  )} END`;
  await sql.query(`UPDATE events SET tx_id = ${shift('tx_id')}`);
  await sql.query(`UPDATE streams SET last_tx_id = ${shift('last_tx_id')}`);
  await sql.query(`UPDATE projection_checkpoints SET position = ${shiftPosition('position')}`);
  await sql.query(`UPDATE projection_dead_letters SET position = ${shiftPosition('position')}`);
}

async function streamOrderRows(sql: SqlExecutor) {
  const { rows } = await sql.query<{ stream_id: string; events: string; last_revision: string; out_of_order: string }>(
    'SELECT stream_id, events, last_revision, out_of_order FROM stream_order ORDER BY stream_id',
  );
  return rows;
}

for (const client of availableSqlClients()) {
  describe(`rebasePositions on ${client.name}`, () => {
    const opened = storePerTest();

    it('makes a log restored from another cluster readable: the store refuses it, then a projection folds old and new events in order', async () => {
      const sql = await opened.openSql(client);
      let store = await opened.openStore(sql, { pollIntervalMs: 50 });
      // The old cluster's history, with the shape of a late commit in it: one transaction drew its
      // log numbers before an older one did (its id is higher, its global_position lower).
      await append(store, { s1: 2, s2: 1, s3: 1 });
      await append(store, { s1: 1, s2: 1 });
      await sql.query(
        `UPDATE events SET tx_id = (3 + 2 * ranked.rank)::text::xid8
         FROM (SELECT tx_id AS old, dense_rank() OVER (ORDER BY tx_id) AS rank FROM events) AS ranked WHERE events.tx_id = ranked.old`,
      );
      await sql.query(
        `UPDATE events SET tx_id = ((SELECT max(tx_id::text::numeric) FROM events) + 1)::text::xid8 WHERE stream_id = 's3'`,
      );
      await sql.query(`UPDATE streams SET last_tx_id = (SELECT e.tx_id FROM events AS e WHERE e.stream_id = streams.stream_id ORDER BY e.tx_id DESC LIMIT 1)`);
      const { rows: shape } = await sql.query<{ stream_id: string }>('SELECT stream_id FROM events ORDER BY tx_id, global_position');
      expect(shape.map((row) => row.stream_id)).toEqual(['s1', 's1', 's2', 's1', 's2', 's3']);

      await foldToHead(sql, store);
      // Appended after the projection's checkpoint: still to fold after the restore.
      await append(store, { s1: 1, s3: 2 });
      const before = await readWholeLog(store);
      expect(before).toHaveLength(9);
      const deadLetterEvent = before[3]!;
      await sql.query(
        `INSERT INTO projection_dead_letters (projection, generation, position, event_id, type, error, resolution, resolved_at)
         VALUES ('stream-order', 1, $1, $2, $3, 'an old failure', 'skipped', now())`,
        [deadLetterEvent.position, deadLetterEvent.eventId, deadLetterEvent.type],
      );
      await opened.closeStore();

      await shiftIds(sql, (column) => `(${column}::text::numeric + 1000000000000)::text::xid8`);
      await expect(createPostgresEventStore(sql)).rejects.toBeInstanceOf(LogFromAnotherCluster);
      await expect(createPostgresEventStore(sql)).rejects.toThrow(/npm run rebase-positions/);

      const report = await rebasePositions(sql);
      expect(report).toMatchObject({ rebased: true, events: 9, streams: 3, checkpoints: 1, deadLetters: 1 });
      expect(BigInt(report.highestBefore!)).toBeGreaterThan(1_000_000_000_000n);
      expect(BigInt(report.highestAfter!)).toBeLessThan(BigInt(report.nextTxId));
      // One new id per run of rising global_position: the late commit starts the only second run.
      expect(report.transactionIdsAfter).toBe(2);
      expect(report.transactionIdsBefore).toBeGreaterThan(2);
      expect(await rebasePositions(sql)).toMatchObject({ rebased: false });

      store = await opened.openStore(sql, { pollIntervalMs: 50 });
      const rebased = await readWholeLog(store);
      expect(rebased.map((event) => event.eventId)).toEqual(before.map((event) => event.eventId));
      const { rows: letters } = await sql.query<{ position: string }>('SELECT position FROM projection_dead_letters');
      expect(letters.map((row) => row.position)).toEqual([rebased[3]!.position]);

      await append(store, { s2: 1, s3: 1 });
      const after = await readWholeLog(store);
      expect(after.slice(0, 9).map((event) => event.eventId)).toEqual(before.map((event) => event.eventId));
      expect(after).toHaveLength(11);
      await foldToHead(sql, store);
      // Every event folded once (the checkpoint still pointed at the right place), in revision order.
      expect(await streamOrderRows(sql)).toEqual([
        { stream_id: 's1', events: '4', last_revision: '3', out_of_order: '0' },
        { stream_id: 's2', events: '3', last_revision: '2', out_of_order: '0' },
        { stream_id: 's3', events: '4', last_revision: '3', out_of_order: '0' },
      ]);
    }, 60_000);

    it('first uses up transaction ids when the new ones would not fit below the current one', async () => {
      const sql = await opened.openSql(client);
      let store = await opened.openStore(sql);
      await append(store, { s1: 1, s2: 1 });
      // As restored: far above this database's ids, and s2's event, which drew the higher number,
      // carries the lower id (two runs).
      await sql.query(`UPDATE events SET tx_id = (CASE stream_id WHEN 's1' THEN 3000000000000 ELSE 2000000000000 END)::text::xid8`);
      await sql.query('UPDATE streams SET last_tx_id = NULL');
      await opened.closeStore();
      // The rebase brings the runtime tables up to date first; done here, their migrations' ids are
      // used before the next id is read.
      await migrateRuntimeSchema(sql);
      const { rows } = await sql.query<{ next: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next');
      // New ids starting above the current one cannot be visible until the counter passes them. The
      // counter is the cluster's: other tests' transactions may pass some of the gap meanwhile, so the
      // gap is wide enough that the rebase must still use up most of it, and the counter must end
      // past the new ids.
      const firstNewTxId = BigInt(rows[0]!.next) + 1000n;
      const report = await rebasePositions(sql, { firstNewTxId });
      expect(report).toMatchObject({ rebased: true, transactionIdsAfter: 2 });
      expect(report.idsAdvanced).toBeGreaterThanOrEqual(900);
      const after = await sql.query<{ next: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next');
      expect(BigInt(after.rows[0]!.next)).toBeGreaterThan(firstNewTxId + 1n);
      store = await opened.openStore(sql);
      expect((await readWholeLog(store)).map((event) => event.streamId)).toEqual(['s2', 's1']);
    });
  });
}

describe.runIf(process.env.DATABASE_URL)('npm run rebase-positions on the server', () => {
  const databaseUrl = process.env.DATABASE_URL!;
  const schema = freshSchemaName();
  afterEach(() => dropSchema(databaseUrl, schema));

  const run = (args: string[]) =>
    runOperatorCommand('ops/rebase-positions.ts', args, { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' });

  it('rewrites a restored log, prints what it did, and then has nothing to do', async () => {
    const sql = await openPgSqlClient({ connectionString: databaseUrl, schema });
    try {
      const store = await createPostgresEventStore(sql);
      await append(store, { s1: 2, s2: 1 });
      await store.close();
      await sql.query(`UPDATE events SET tx_id = (tx_id::text::numeric + 5000000000)::text::xid8`);
      await sql.query(`UPDATE streams SET last_tx_id = (last_tx_id::text::numeric + 5000000000)::text::xid8`);
    } finally {
      await sql.close();
    }
    const first = run([]);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Rebased the event log/);
    // The restored ids are 5e9 plus the cluster's own xid, which grows with the cluster's age:
    // compare the number, not its leading digits.
    const rebased = /events +3, highest transaction id (\d+) -> \d+/.exec(first.stdout);
    expect(Number(rebased?.[1])).toBeGreaterThan(5_000_000_000);
    expect(first.stdout).toMatch(/streams +2 last transaction ids rewritten/);
    const second = run([]);
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/Nothing to do/);
  }, 120_000);
});
