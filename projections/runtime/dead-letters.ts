import type { Position, RecordedEvent } from '../../events/store/event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { lockRegistry } from './generations';
import { skipInPartition } from './partition-checkpoints';

/** How an operator closed a dead letter; `superseded` means a rebuild replaced its generation. */
export type DeadLetterResolution = 'retried' | 'skipped' | 'superseded';

/** An event a projection could not fold or write. Its projection stays stalled while it is open. */
export interface DeadLetter {
  id: number;
  projection: string;
  generation: number;
  position: Position;
  eventId: string;
  type: string;
  error: string;
  failedAt: Date;
  resolution: DeadLetterResolution | null;
}

interface DeadLetterRow {
  id: string | number;
  projection: string;
  generation: number;
  position: string;
  event_id: string;
  type: string;
  error: string;
  failed_at: Date | string;
  resolution: DeadLetterResolution | null;
}

const columns = 'id, projection, generation, position, event_id, type, error, failed_at, resolution';
const maxErrorLength = 4_000;

/** Record the failing event; the caller's transaction also holds the checkpoint just before it. */
export async function recordDeadLetter(
  tx: SqlExecutor,
  target: { projection: string; generation: number },
  event: RecordedEvent,
  error: unknown,
): Promise<DeadLetter> {
  const { rows } = await tx.query<DeadLetterRow>(
    `INSERT INTO projection_dead_letters (projection, generation, position, event_id, type, error)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
    [target.projection, target.generation, event.position, event.eventId, event.type, describeError(error)],
  );
  return toDeadLetter(rows[0]!);
}

export async function openDeadLetters(db: SqlExecutor, projection: string, generation?: number): Promise<DeadLetter[]> {
  const { rows } = await db.query<DeadLetterRow>(
    `SELECT ${columns} FROM projection_dead_letters
     WHERE projection = $1 AND resolution IS NULL AND ($2::integer IS NULL OR generation = $2)
     ORDER BY id`,
    [projection, generation ?? null],
  );
  return rows.map(toDeadLetter);
}

/** The stalled runner folds the failing event again; a new failure opens a new dead letter. */
export async function retryDeadLetters(sql: SqlClient, projection: string): Promise<DeadLetter[]> {
  return sql.transaction((tx) => closeOpenDeadLetters(tx, projection, 'retried'));
}

/** Move each generation's checkpoint past its failing event: recorded, never silent. */
export async function skipDeadLetters(sql: SqlClient, projection: string): Promise<DeadLetter[]> {
  return sql.transaction(async (tx) => {
    const skipped = (await closeOpenDeadLetters(tx, projection, 'skipped')).sort((a, b) => a.id - b.id);
    for (const letter of skipped) {
      // A partition worker's failure: its partition moves past the event, not the generation.
      if (await skipInPartition(tx, letter)) continue;
      // Positions are opaque strings ordered by plain comparison, so compare them here, not in SQL.
      const { rows: checkpoints } = await tx.query<{ position: string }>(
        'SELECT position FROM projection_checkpoints WHERE projection = $1 AND generation = $2 FOR UPDATE',
        [projection, letter.generation],
      );
      const checkpoint = checkpoints[0]?.position;
      if (checkpoint !== undefined && checkpoint < letter.position) {
        await tx.query(
          'UPDATE projection_checkpoints SET position = $3, updated_at = now() WHERE projection = $1 AND generation = $2',
          [projection, letter.generation, letter.position],
        );
      }
    }
    return skipped;
  });
}

export async function listDeadLetters(db: SqlExecutor, projection: string, limit = 50): Promise<DeadLetter[]> {
  const { rows } = await db.query<DeadLetterRow>(
    `SELECT ${columns} FROM projection_dead_letters WHERE projection = $1 ORDER BY id DESC LIMIT $2`,
    [projection, limit],
  );
  return rows.map(toDeadLetter);
}

/** Closes a projection's open dead letters with `resolution`, under its registry lock; answers them. */
async function closeOpenDeadLetters(tx: SqlExecutor, projection: string, resolution: 'retried' | 'skipped'): Promise<DeadLetter[]> {
  await lockRegistry(tx, { name: projection });
  const { rows } = await tx.query<DeadLetterRow>(
    `UPDATE projection_dead_letters SET resolution = $2, resolved_at = now()
     WHERE projection = $1 AND resolution IS NULL RETURNING ${columns}`,
    [projection, resolution],
  );
  return rows.map(toDeadLetter);
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.length > maxErrorLength ? `${message.slice(0, maxErrorLength)}...` : message;
}

function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    id: Number(row.id),
    projection: row.projection,
    generation: Number(row.generation),
    position: row.position,
    eventId: row.event_id,
    type: row.type,
    error: row.error,
    failedAt: new Date(row.failed_at),
    resolution: row.resolution,
  };
}
