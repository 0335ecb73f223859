import type { Position } from '../../events/store/event-store';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/** Where one generation of a projection has got to in the log. */
export async function readCheckpoint(db: SqlExecutor, projection: string, generation: number): Promise<Position> {
  const { rows } = await db.query<{ position: string }>(
    'SELECT position FROM projection_checkpoints WHERE projection = $1 AND generation = $2',
    [projection, generation],
    { name: 'read_checkpoint' },
  );
  const row = rows[0];
  if (!row) throw new Error(`No checkpoint for projection ${projection} generation ${generation}`);
  return row.position;
}

/** The checkpoint of the generation that serves queries, or undefined before the projection first ran. */
export async function readLiveCheckpoint(
  db: SqlExecutor,
  projection: string,
): Promise<{ generation: number; position: Position } | undefined> {
  const { rows } = await db.query<{ generation: number; position: string }>(
    `SELECT c.generation, c.position
     FROM projection_checkpoints c
     JOIN projection_generations g ON g.projection = c.projection AND g.generation = c.generation
     WHERE c.projection = $1 AND g.state = 'live'`,
    [projection],
  );
  const row = rows[0];
  return row && { generation: Number(row.generation), position: row.position };
}

/**
 * Compare-and-set of a checkpoint, guarded by the generation's registry row (locked FOR SHARE, so a
 * swap waits for this transaction). 0 rows: another worker moved it or the generation was swapped out.
 */
export async function compareAndSetCheckpoint(
  tx: SqlExecutor,
  target: { projection: string; generation: number; state: 'live' | 'building' },
  from: Position,
  to: Position,
): Promise<boolean> {
  const result = await tx.query(
    `WITH registered AS (
       SELECT 1 FROM projection_generations
       WHERE projection = $1 AND generation = $2 AND state = $3
       FOR SHARE
     )
     UPDATE projection_checkpoints SET position = $5, updated_at = now()
     WHERE projection = $1 AND generation = $2 AND position = $4 AND EXISTS (SELECT 1 FROM registered)`,
    [target.projection, target.generation, target.state, from, to],
    { name: 'advance_checkpoint' },
  );
  return result.rowCount === 1;
}
