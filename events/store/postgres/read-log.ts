import type { Position, ReadAllPage, RecordedEvent } from '../event-store';
import type { SqlExecutor } from './sql-client';
import { decodePosition, positionSql } from './sql-position';

/** Only transactions below the snapshot's xmin are certainly finished; nothing can commit below it later. */
export const visible = 'tx_id < pg_snapshot_xmin(pg_current_snapshot())';

/**
 * What a reader selects of an event. The position is encoded by the server and `recorded_at` comes
 * as epoch milliseconds: parsing two big integers and a timestamp text per event was a third of
 * the Node time of reading a page (a rebuild reads every event of the log).
 */
export const columns = `${positionSql('tx_id', 'global_position')} AS position, stream_id, stream_position, event_id, type, schema_version, data, metadata,
  (extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_at_ms`;

export interface EventRow {
  position: Position;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at_ms: number;
}

/**
 * Least number of log entries a filtered page looks at, so a rare type costs few round trips. Not
 * more: a page of mostly wanted events scans its window twice (once to find its end, once to
 * read), so a window far larger than the page would be wasted work on the common, dense case.
 */
const minWindow = 1_000;

/**
 * A page of the log after `after`, in (tx_id, global_position) order, below the snapshot's xmin.
 * With `types`, the page covers at most `max(max, 1,000)` entries of the log, however rare the
 * types, and returns the wanted ones among them; `next` moves past the skipped entries either way.
 */
export async function readLogPage(sql: SqlExecutor, after: Position, max: number, types?: readonly string[]): Promise<ReadAllPage> {
  const from = decodePosition(after);
  if (!types) {
    const { rows } = await sql.query<EventRow>(
      `SELECT ${columns} FROM events
       WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
       ORDER BY tx_id, global_position LIMIT $3`,
      [from.txId, from.globalPosition, max],
    );
    const events = rows.map(toRecordedEvent);
    return { events, next: events.at(-1)?.position ?? after };
  }
  // The window's end is the last of the next `window` visible entries, whatever their type: the
  // window-th entry after `after` (an index-only scan that counts, no sort), or, when fewer remain,
  // the last visible entry (one step back from the head). The wanted events are read up to it, as
  // an index condition, so the scan stops there. One extra row (`is_window_end`) carries the end
  // when no event is wanted. All of it is one statement, so one snapshot: nothing can become
  // visible between finding the end and reading up to it.
  const { rows } = await sql.query<EventRow & { is_window_end: boolean }>(
    `WITH window_end AS (
       SELECT tx_id, global_position FROM (
         (SELECT tx_id, global_position, 1 AS choice FROM events
          WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
          ORDER BY tx_id, global_position OFFSET $3 - 1 LIMIT 1)
         UNION ALL
         (SELECT tx_id, global_position, 2 AS choice FROM events
          WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
          ORDER BY tx_id DESC, global_position DESC LIMIT 1)
       ) AS candidates ORDER BY choice LIMIT 1
     )
     (SELECT ${columns}, false AS is_window_end FROM events
      WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible} AND type = ANY ($4::text[])
        AND (tx_id, global_position) <= (SELECT tx_id, global_position FROM window_end)
      ORDER BY tx_id, global_position LIMIT $5)
     UNION ALL
     SELECT ${positionSql('tx_id', 'global_position')}, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true FROM window_end`,
    [from.txId, from.globalPosition, Math.max(max, minWindow), types, max],
  );
  let end: Position | undefined;
  const events: RecordedEvent[] = [];
  for (const row of rows) {
    if (row.is_window_end) end = row.position;
    else events.push(toRecordedEvent(row));
  }
  // A full page may stop short of the window's end: continue after its last event.
  if (events.length === max) return { events, next: events.at(-1)!.position };
  return { events, next: end ?? after };
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamPosition: BigInt(row.stream_position),
    position: row.position,
    // Whole milliseconds, as a JavaScript Date holds them (the microseconds are dropped, as before).
    recordedAt: new Date(row.recorded_at_ms),
  };
}
