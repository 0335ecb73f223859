import type { SqlExecutor } from './sql-client';

/**
 * The log holds transaction ids this cluster has not reached (restored from another cluster): readers,
 * who see events only below the oldest running id, would silently wait until the ids caught up.
 */
export class LogFromAnotherCluster extends Error {
  override readonly name = 'LogFromAnotherCluster';

  constructor(
    readonly highestTxId: string,
    readonly nextTxId: string,
  ) {
    super(
      `The event log's newest transaction id (${highestTxId}) is not below this database's next one (${nextTxId}): ` +
        'the log was restored from another PostgreSQL cluster, and no reader would see its events. ' +
        'Stop every app and worker, run `npm run rebase-positions` once, then start again ' +
        '(docs/operations.md, "Backup and restore").',
    );
  }
}

/** Refuse a restored log: its highest tx_id must be below xmax (which, unlike `pg_current_xact_id()`, assigns none). */
export async function refuseLogFromAnotherCluster(sql: SqlExecutor): Promise<void> {
  const { rows } = await sql.query<{ highest: string | null; next: string }>(
    `SELECT (SELECT tx_id FROM events ORDER BY tx_id DESC, global_position DESC LIMIT 1)::text AS highest,
       pg_snapshot_xmax(pg_current_snapshot())::text AS next`,
  );
  const { highest, next } = rows[0]!;
  if (highest !== null && BigInt(highest) >= BigInt(next)) throw new LogFromAnotherCluster(highest, next);
}
