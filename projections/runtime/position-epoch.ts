import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/**
 * The epoch of the positions stored beside the log: one more per `npm run rebase-positions`.
 * Positions of two epochs do not compare.
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
