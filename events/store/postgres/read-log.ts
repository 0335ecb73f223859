import type { Position, ReadAllPage, RecordedEvent } from '../event-store';
import type { SqlExecutor } from './sql-client';
import { decodePosition, positionLength, positionSql } from './sql-position';

/** Only transactions below the snapshot's xmin are certainly finished; nothing can commit below it later. */
export const visible = 'tx_id < pg_snapshot_xmin(pg_current_snapshot())';

/** Five fields per event (drivers pay per field); `envelope` packs the fixed-format ones. */
export const columns = `${positionSql('tx_id', 'global_position')} || ' ' || stream_position || ' ' || schema_version || ' ' ||
  floor(extract(epoch FROM recorded_at) * 1000)::bigint || ' ' || event_id AS envelope, type, stream_id, data, metadata`;

export interface EventRow {
  envelope: string;
  type: string;
  stream_id: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/** Least entries a filtered page looks at, so a rare type costs few round trips; a dense page scans its window twice. */
export const minWindow = 1_000;

/** The CTE `window_end`: the last of the next `$3` visible entries after ($1, $2), of any type; empty when none. */

export const windowEndSql = `window_end AS (
       SELECT tx_id, global_position, choice FROM (
         (SELECT tx_id, global_position, 1 AS choice FROM events
          WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
          ORDER BY tx_id, global_position OFFSET $3 - 1 LIMIT 1)
         UNION ALL
         (SELECT tx_id, global_position, 2 AS choice FROM events
          WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
          ORDER BY tx_id DESC, global_position DESC LIMIT 1)
       ) AS candidates ORDER BY choice LIMIT 1
     )`;

/** A page of the log, and whether it reached the last visible entry (nothing more to read for now). */
export interface LogPageAtHead {
  page: ReadAllPage;
  atHead: boolean;
}

/**
 * A page of the log after `after`, in (tx_id, global_position) order, below the snapshot's xmin. With
 * `types`, it covers at most `max(max, 1,000)` log entries; `next` moves past skipped entries.
 */
export async function readLogPage(sql: SqlExecutor, after: Position, max: number, types?: readonly string[]): Promise<ReadAllPage> {
  return (await readLogPageAtHead(sql, after, max, types)).page;
}

/** `readLogPage`, also telling whether it reached the head, so a live subscription can wait instead of reading. */
export async function readLogPageAtHead(sql: SqlExecutor, after: Position, max: number, types?: readonly string[]): Promise<LogPageAtHead> {
  const from = decodePosition(after);
  if (!types) {
    const { rows } = await sql.query<EventRow>(
      `SELECT ${columns} FROM events
       WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
       ORDER BY tx_id, global_position LIMIT $3`,
      [from.txId, from.globalPosition, max],
      // Named (here and below): the live subscriptions and the projections' idle checks read the
      // log's end several times a second, and on PGlite each statement queues on its one connection.
      { name: 'read_log_page' },
    );
    const events = rows.map(toRecordedEvent);
    return { page: { events, next: events.at(-1)?.position ?? after }, atHead: events.length < max };
  }
  // The window ends at the `window`-th visible entry after `after` (or the last one), found by an
  // index-only scan; wanted events are read up to it. When none is wanted, one extra typeless row
  // carries the end. One statement, so one snapshot.
  const { rows } = await sql.query<EventRow | { envelope: Position; type: null; stream_id: string }>(
    `WITH ${windowEndSql}
     (SELECT ${columns} FROM events
      WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible} AND type = ANY ($4::text[])
        AND (tx_id, global_position) <= (SELECT tx_id, global_position FROM window_end)
      ORDER BY tx_id, global_position LIMIT $5)
     UNION ALL
     SELECT ${positionSql('tx_id', 'global_position')}, NULL, choice::text, NULL, NULL FROM window_end`,
    [from.txId, from.globalPosition, Math.max(max, minWindow), types, max],
    { name: 'read_log_page_of_types' },
  );
  let end: Position | undefined;
  let endIsHead = false;
  const events: RecordedEvent[] = [];
  for (const row of rows) {
    if (row.type === null) {
      end = row.envelope;
      endIsHead = row.stream_id === '2';
    } else events.push(toRecordedEvent(row));
  }
  // A full page may stop short of the window's end: continue after its last event.
  if (events.length === max) return { page: { events, next: events.at(-1)!.position }, atHead: false };
  return { page: { events, next: end ?? after }, atHead: end === undefined || endIsHead };
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  const { envelope } = row;
  const afterStreamPosition = envelope.indexOf(' ', positionLength + 1);
  const afterSchemaVersion = envelope.indexOf(' ', afterStreamPosition + 1);
  const afterRecordedAt = envelope.indexOf(' ', afterSchemaVersion + 1);
  return {
    eventId: envelope.slice(afterRecordedAt + 1),
    type: row.type,
    schemaVersion: Number(envelope.slice(afterStreamPosition + 1, afterSchemaVersion)),
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamPosition: BigInt(envelope.slice(positionLength + 1, afterStreamPosition)),
    position: envelope.slice(0, positionLength),
    // Whole milliseconds, as a JavaScript Date holds them (the microseconds are dropped, as before).
    recordedAt: new Date(Number(envelope.slice(afterSchemaVersion + 1, afterRecordedAt))),
  };
}
