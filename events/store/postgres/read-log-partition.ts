import type { Position, ReadAllOptions, ReadAllPage } from '../event-store';
import { type EventRow, columns, toRecordedEvent } from './read-log';
import { eventSeparatorSql, parseTrimmedEvents, trimmedEventSql } from './read-log-trimmed';
import type { SqlClient, SqlExecutor } from './sql-client';
import { decodePosition, positionSql } from './sql-position';
import type { ReadAllTrimmedOptions, ReadAllTrimmedPage, TrimmedLogReader } from './trimmed-log-reader';

/** How many partitions `event_owner_partition` (event store migration 3) spreads owners over. */
export const ownerPartitionCount = 256;

const indexName = 'events_owner_partition';

/** A partition's events in log order, without scanning the others'. */
const createIndexSql = `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${indexName} ON events (event_owner_partition(stream_id), tx_id, global_position)`;

/**
 * Build the partition index when it is missing. On a server it is built concurrently, so appends go
 * on meanwhile; a build that was killed leaves an invalid index, dropped and built again here.
 * Answers whether it had to build it.
 */
export async function ensureOwnerPartitionIndex(sql: SqlClient): Promise<boolean> {
  const state = async () => {
    const { rows } = await sql.query<{ valid: boolean }>(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`,
      [indexName],
    );
    return rows[0] === undefined ? 'missing' : rows[0].valid ? 'valid' : 'invalid';
  };
  const found = await state();
  if (found === 'valid') return false;
  // One statement per call: CONCURRENTLY cannot run inside a transaction block.
  if (found === 'invalid') await sql.query(`DROP INDEX ${sql.kind === 'postgres' ? 'CONCURRENTLY ' : ''}IF EXISTS ${indexName}`);
  await sql.query(sql.kind === 'postgres' ? createIndexSql : createIndexSql.replace(' CONCURRENTLY', ''));
  if ((await state()) !== 'valid') throw new Error(`The index ${indexName} was not built; run the command again`);
  return true;
}

/**
 * The log of some owner partitions up to `head`, an event's position visible when it was recorded, so
 * every event at or before it is committed and no more can come. A page shorter than asked holds the
 * last of them, so its `next` is the head itself: the write that folds it finishes the partitions.
 * One partition is read through the partition index alone; several are read in log order through
 * the log's own, each page of the log once: read one by one, the pages of a log laid out in time
 * are read by every partition that has an event on them.
 */
export interface PartitionLog {
  readonly partitions: readonly number[];
  readonly head: Position;
  readAll(options?: ReadAllOptions): Promise<ReadAllPage>;
  readonly trimmedLogReader: TrimmedLogReader;
}

export function partitionLog(sql: SqlExecutor, partitions: readonly number[], head: Position): PartitionLog {
  if (partitions.length === 0) throw new RangeError('A partition log reads at least one partition');
  for (const partition of partitions) {
    if (!Number.isInteger(partition) || partition < 0 || partition >= ownerPartitionCount) throw new RangeError(`No owner partition ${partition}`);
  }
  const to = decodePosition(head);
  // Several partitions are one flag per partition, looked up by subscript: `= ANY` of a list
  // compares each event with every partition in it, 7 s more for a read of 10M events of all 256.
  const owner = partitions.length === 1 ? 'event_owner_partition(stream_id) = $3::integer' : '($3::boolean[])[event_owner_partition(stream_id) + 1]';
  const owners = partitions.length === 1 ? partitions[0] : Array.from({ length: ownerPartitionCount }, (_, partition) => partitions.includes(partition));
  // $1, $2 after; $3 partitions; $4 types (the trimmed text looks types up as $4); $5 max; $6, $7 head.
  const where = `${owner} AND (tx_id, global_position) > ($1::xid8, $2::bigint)
    AND (tx_id, global_position) <= ($6::xid8, $7::bigint) AND type = ANY ($4::text[])`;
  const paramsOf = (after: Position, types: readonly string[], max: number): unknown[] => {
    const from = decodePosition(after);
    return [from.txId, from.globalPosition, owners, types, max, to.txId, to.globalPosition];
  };
  const nextAfter = (events: readonly { position: Position }[], max: number, after: Position): Position =>
    events.length < max ? (head > after ? head : after) : events.at(-1)!.position;
  return {
    partitions,
    head,
    async readAll({ after = '', max = 1_000, types }: ReadAllOptions = {}) {
      if (!types) throw new Error('A partition is read for the types of one projection');
      if (after >= head) return { events: [], next: after };
      const { rows } = await sql.query<EventRow>(
        `SELECT ${columns} FROM events WHERE ${where} ORDER BY tx_id, global_position LIMIT $5`,
        paramsOf(after, types, max),
      );
      const events = rows.map(toRecordedEvent);
      return { events, next: nextAfter(events, max, after) };
    },
    trimmedLogReader: {
      async readAllTrimmed({ after = '', max = 10_000, types, reads, afterWindow = false }: ReadAllTrimmedOptions): Promise<ReadAllTrimmedPage> {
        // Nothing can follow the head: no need to ask.
        if (after >= head) return { events: [], next: after, ...(afterWindow ? { from: null } : {}) };
        const params = paramsOf(after, types, max);
        const event = trimmedEventSql(reads, types, params);
        // With `afterWindow` the page starts after the last event of the page at `after`; when that
        // page is its last (shorter than `max`), `start` is null and nothing is read.
        const startSql = afterWindow ? `start AS (SELECT tx_id, global_position FROM events WHERE ${where} ORDER BY tx_id, global_position OFFSET $5 - 1 LIMIT 1),` : '';
        const pageWhere = afterWindow ? where.replace('($1::xid8, $2::bigint)', '(SELECT tx_id, global_position FROM start)') : where;
        const { rows } = await sql.query<{ events: string | null; start_position?: Position | null }>(
          `WITH ${startSql} page AS (
             SELECT tx_id, global_position, type, schema_version, data, metadata FROM events
             WHERE ${pageWhere} ORDER BY tx_id, global_position LIMIT $5)
           SELECT string_agg(${event}, ${eventSeparatorSql}) AS events
             ${afterWindow ? `, (SELECT ${positionSql('tx_id', 'global_position')} FROM start) AS start_position` : ''}
           FROM page`,
          params,
        );
        const startedAfter = afterWindow ? (rows[0]?.start_position ?? null) : after;
        if (startedAfter === null) return { events: [], next: after, from: null };
        const events = parseTrimmedEvents(rows[0]?.events ?? null, types, reads);
        return { events, next: nextAfter(events, max, startedAfter), ...(afterWindow ? { from: startedAfter } : {}) };
      },
    },
  };
}

/** The owner partition of a recorded event; undefined when no such event is in the log. */
export async function ownerPartitionOf(sql: SqlExecutor, eventId: string): Promise<number | undefined> {
  const { rows } = await sql.query<{ partition: number }>('SELECT event_owner_partition(stream_id) AS partition FROM events WHERE event_id = $1::uuid', [eventId]);
  return rows[0] === undefined ? undefined : Number(rows[0].partition);
}
