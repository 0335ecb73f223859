import type { SqlExecutor } from './sql-client';

/**
 * The log holds transaction ids this database has not reached yet: it was restored (pg_dump and
 * pg_restore, or a copy of the rows) from another cluster, whose ids ran higher. Readers see an
 * event only below the oldest running transaction id, so they would wait, silently, until this
 * cluster's ids caught up, which may take years.
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

/**
 * Refuse a log restored from another cluster (`LogFromAnotherCluster`). One index probe: the
 * highest tx_id against the snapshot's xmax, the first id not yet assigned (which, unlike
 * `pg_current_xact_id()`, assigns none). Every stored tx_id is an id this cluster assigned, so it
 * is always below xmax unless the rows came from elsewhere.
 */
export async function refuseLogFromAnotherCluster(sql: SqlExecutor): Promise<void> {
  const { rows } = await sql.query<{ highest: string | null; next: string }>(
    `SELECT (SELECT tx_id FROM events ORDER BY tx_id DESC, global_position DESC LIMIT 1)::text AS highest,
       pg_snapshot_xmax(pg_current_snapshot())::text AS next`,
  );
  const { highest, next } = rows[0]!;
  if (highest !== null && BigInt(highest) >= BigInt(next)) throw new LogFromAnotherCluster(highest, next);
}
