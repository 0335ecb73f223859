import type { Position, ReadAllPage, RecordedEvent } from '../event-store';
import type { SqlExecutor } from './sql-client';
import { decodePosition, encodePosition } from './sql-position';

/** Only transactions below the snapshot's xmin are certainly finished; nothing can commit below it later. */
export const visible = 'tx_id < pg_snapshot_xmin(pg_current_snapshot())';

export const columns = 'tx_id, global_position, stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at';

export interface EventRow {
  tx_id: string;
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

/** Least number of log entries a filtered page looks at, so a rare type costs few round trips. */
const minWindow = 10_000;

/**
 * A page of the log after `after`, in (tx_id, global_position) order, below the snapshot's xmin.
 * With `types`, the page covers at most `max(max, 10,000)` entries of the log, however rare the
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
  // The window's end is the last of the next `window` visible entries, whatever their type: an
  // index-only scan of positions. The wanted events are read up to it, as an index condition, so
  // the scan stops there. One extra row (`is_window_end`) carries the end when no event is wanted.
  const { rows } = await sql.query<EventRow & { is_window_end: boolean }>(
    `WITH window_end AS (
       SELECT tx_id, global_position FROM (
         SELECT tx_id, global_position FROM events
         WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
         ORDER BY tx_id, global_position LIMIT $3
       ) AS scanned ORDER BY tx_id DESC, global_position DESC LIMIT 1
     )
     (SELECT ${columns}, false AS is_window_end FROM events
      WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible} AND type = ANY ($4::text[])
        AND (tx_id, global_position) <= (SELECT tx_id, global_position FROM window_end)
      ORDER BY tx_id, global_position LIMIT $5)
     UNION ALL
     SELECT tx_id, global_position, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true FROM window_end`,
    [from.txId, from.globalPosition, Math.max(max, minWindow), types, max],
  );
  const end = rows.find((row) => row.is_window_end);
  const events = rows.filter((row) => !row.is_window_end).map(toRecordedEvent);
  // A full page may stop short of the window's end: continue after its last event.
  if (events.length === max) return { events, next: events.at(-1)!.position };
  return { events, next: end ? encodePosition(end.tx_id, end.global_position) : after };
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
    position: encodePosition(row.tx_id, row.global_position),
    recordedAt: row.recorded_at,
  };
}
