import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/**
 * The epoch of the positions stored beside the log: 0 until `npm run rebase-positions` first
 * rewrites them, then one more for each rewrite (decision 0061). Positions of two epochs do not
 * compare: a position of an older epoch names a place in the log as it was numbered before.
 * Constant while any app runs (the rebase refuses to run beside one).
 */
export async function readPositionEpoch(db: SqlExecutor): Promise<number> {
  const { rows } = await db.query<{ epoch: number }>('SELECT epoch FROM projection_position_epoch', [], { name: 'read_position_epoch' });
  return Number(rows[0]?.epoch ?? 0);
}

/** Start a new epoch (inside the transaction that rewrites the positions); returns it. */
export async function advancePositionEpoch(tx: SqlExecutor): Promise<number> {
  const { rows } = await tx.query<{ epoch: number }>('UPDATE projection_position_epoch SET epoch = epoch + 1 RETURNING epoch');
  return Number(rows[0]!.epoch);
}
