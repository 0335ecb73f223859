import type { Position } from '../../events/store/event-store';
import type { Storage } from '../../events/store/open-event-store';
import { visible } from '../../events/store/postgres/read-log';
import { decodePosition } from '../../events/store/postgres/sql-position';

/**
 * How many events a rebuild will fold after `after`: only the projection's own event types, which
 * is what its progress reports. `countAfter` counts every type, so the bar of a projection that
 * reads rare events (users, in a log of stem streams) would sit near 0% until it jumped to the end.
 * The event store has no typed count, so on the PostgreSQL log (PGlite or a server) this counts in
 * SQL; on KurrentDB, where counting scans the log anyway, it falls back to every type.
 */
export async function countEventsToReplay(storage: Storage, eventTypes: readonly string[], after: Position): Promise<number> {
  if (storage.store.kind !== 'pglite' && storage.store.kind !== 'postgres') return storage.store.countAfter(after);
  const from = decodePosition(after);
  const { rows } = await storage.sql.query<{ count: string }>(
    `SELECT count(*) AS count FROM events
     WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND type = ANY($3::text[]) AND ${visible}`,
    [from.txId, from.globalPosition, eventTypes],
  );
  return Number(rows[0]!.count);
}
