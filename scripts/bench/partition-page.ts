import type { Position } from '../../events/store/event-store';
import type { ReadAllTrimmedPage, ReadFields } from '../../events/store/postgres/trimmed-log-reader';
import { visible } from '../../events/store/postgres/read-log';
import { eventSeparatorSql, parseTrimmedEvents, trimmedEventSql } from '../../events/store/postgres/read-log-trimmed';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { decodePosition } from '../../events/store/postgres/sql-position';

/** One of `count` partitions of the log, by a hash of the stream id: a stream's events all fall in one. */
export interface LogPartition {
  index: number;
  count: number;
}

/** An event row's partition as SQL, the count inlined so the planner matches `partitionIndexSql`'s index. */
export function partitionSql(count: number): string {
  if (!Number.isInteger(count) || count < 1 || count > 1_024) throw new RangeError(`Invalid partition count ${count}`);
  return `mod(hashtext(stream_id) & 2147483647, ${count})`;
}

/** The index a partition's reads walk: its events in log order. The plan (docs/scale.md) stores the partition at append time instead. */
export function partitionIndexSql(count: number): string {
  return `CREATE INDEX IF NOT EXISTS events_partition_${count} ON events (${partitionSql(count)}, tx_id, global_position)`;
}

/** `readAllTrimmed` over one partition; a page shorter than `max` ends it (as of this snapshot). */
export async function readPartitionPage(
  sql: SqlExecutor,
  partition: LogPartition,
  after: Position,
  max: number,
  types: readonly string[],
  reads: Readonly<Record<string, ReadFields>>,
): Promise<ReadAllTrimmedPage> {
  const from = decodePosition(after);
  const params: unknown[] = [from.txId, from.globalPosition, partition.index, types, max];
  const event = trimmedEventSql(reads, types, params);
  const { rows } = await sql.query<{ events: string | null }>(
    `SELECT string_agg(${event}, ${eventSeparatorSql}) AS events FROM (SELECT tx_id, global_position, type, schema_version, data, metadata FROM events
     WHERE ${partitionSql(partition.count)} = $3 AND (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible} AND type = ANY ($4::text[])
     ORDER BY tx_id, global_position LIMIT $5) AS page`,
    params,
  );
  const events = parseTrimmedEvents(rows[0]?.events ?? null, types, reads);
  return { events, next: events.at(-1)?.position ?? after };
}
