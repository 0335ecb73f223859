import type { SqlClient } from '../../events/store/postgres/sql-client';

/** What the bare read saw, so it can be checked like the read model. */
export interface BareReadResult {
  events: number;
  totalBytes: number;
}

/** The floor for a rebuild: the runtime's keyset reads and JSON parse, no decoding, folding or writes. */
export async function bareKeysetRead(sql: SqlClient, options: { pageSize: number; types: readonly string[] }): Promise<BareReadResult> {
  let after = { txId: '0', globalPosition: '0' };
  let events = 0;
  let totalBytes = 0;
  for (;;) {
    const { rows } = await sql.query<{ tx_id: string; global_position: string; data: { bytesSent: number } }>(
      `SELECT tx_id, global_position, data FROM events
       WHERE (tx_id, global_position) > ($1::xid8, $2::bigint)
         AND tx_id < pg_snapshot_xmin(pg_current_snapshot()) AND type = ANY($4::text[])
       ORDER BY tx_id, global_position LIMIT $3`,
      [after.txId, after.globalPosition, options.pageSize, options.types],
    );
    if (rows.length === 0) return { events, totalBytes };
    for (const row of rows) totalBytes += row.data.bytesSent;
    events += rows.length;
    const last = rows.at(-1)!;
    after = { txId: last.tx_id, globalPosition: last.global_position };
  }
}
