import { type Position, START } from '../../events/store/event-store';
import { ownerPartitionCount } from '../../events/store/postgres/read-log-partition';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import type { CheckpointMove } from './batch-writer';
import type { DeadLetter } from './dead-letters';

/** Where one owner partition of a generation being rebuilt has got to, and the head it folds up to. */
export interface PartitionCheckpoint {
  partition: number;
  position: Position;
  head: Position;
}

type Target = { projection: string; generation: number };

/** One checkpoint per owner partition at START, all folding up to `head`; in the caller's transaction. */
export async function createPartitionCheckpoints(tx: SqlExecutor, target: Target, head: Position): Promise<void> {
  await tx.query(
    `INSERT INTO projection_partition_checkpoints (projection, generation, partition, position, head)
     SELECT $1, $2, partition, $3, $4 FROM generate_series(0, $5::integer - 1) AS partition`,
    [target.projection, target.generation, START, head, ownerPartitionCount],
  );
}

/**
 * The generation's partition checkpoints by partition, or only those of `partitions` (a worker's,
 * read under their locks); none, or fewer, when it is not rebuilt by partitions (or they were merged).
 */
export async function readPartitionCheckpoints(db: SqlExecutor, target: Target, partitions?: readonly number[]): Promise<PartitionCheckpoint[]> {
  const { rows } = await db.query<{ partition: number; position: string; head: string }>(
    `SELECT partition, position, head FROM projection_partition_checkpoints
     WHERE projection = $1 AND generation = $2 AND ($3::integer[] IS NULL OR partition = ANY ($3::integer[])) ORDER BY partition`,
    [target.projection, target.generation, partitions ?? null],
  );
  return rows.map((row) => ({ partition: Number(row.partition), position: row.position, head: row.head }));
}

/**
 * The compare-and-set of the checkpoints of partitions folded together (all at `from`, all moved to
 * `to`, or none), guarded like the generation's own: its registry row still `building`, locked FOR
 * SHARE so a swap or a --fresh waits for this transaction.
 */
export function partitionCheckpointMove(target: Target, partitions: readonly number[]): CheckpointMove {
  return async (tx, from, to) => {
    const result = await tx.query(
      `WITH registered AS (
         SELECT 1 FROM projection_generations WHERE projection = $1 AND generation = $2 AND state = 'building' FOR SHARE
       )
       UPDATE projection_partition_checkpoints SET position = $5, updated_at = now()
       WHERE projection = $1 AND generation = $2 AND partition = ANY ($3::integer[]) AND position = $4 AND EXISTS (SELECT 1 FROM registered)`,
      [target.projection, target.generation, partitions, from, to],
      { name: 'advance_partition_checkpoints' },
    );
    return result.rowCount === partitions.length;
  };
}

/**
 * When every partition has reached the head, every event up to it is folded exactly once: the
 * generation's checkpoint moves from START to the head and the partition rows go. False (nothing
 * changed) while a partition is short of it.
 */
export async function mergePartitionCheckpoints(tx: SqlExecutor, target: Target): Promise<boolean> {
  const { rows } = await tx.query<{ partitions: string | number; short: string | number; head: string | null }>(
    `SELECT count(*) AS partitions, count(*) FILTER (WHERE position <> head) AS short, min(head) AS head
     FROM projection_partition_checkpoints WHERE projection = $1 AND generation = $2`,
    [target.projection, target.generation],
  );
  const row = rows[0]!;
  if (Number(row.partitions) !== ownerPartitionCount || Number(row.short) > 0 || row.head === null) return false;
  const moved = await tx.query(
    `UPDATE projection_checkpoints SET position = $3, updated_at = now() WHERE projection = $1 AND generation = $2 AND position = $4`,
    [target.projection, target.generation, row.head, START],
  );
  if (moved.rowCount !== 1) throw new Error(`${target.projection}: generation ${target.generation}'s checkpoint moved while its partitions were folded`);
  await tx.query('DELETE FROM projection_partition_checkpoints WHERE projection = $1 AND generation = $2', [target.projection, target.generation]);
  return true;
}

/**
 * `--skip` of an event a partition worker failed on: its partition's checkpoint moves past it (the
 * generation's own stays at START until the partitions are merged). False when the generation has
 * no partition checkpoints, so the caller moves the generation's.
 */
export async function skipInPartition(tx: SqlExecutor, letter: DeadLetter): Promise<boolean> {
  const target = [letter.projection, letter.generation];
  const { rows: partitioned } = await tx.query('SELECT 1 FROM projection_partition_checkpoints WHERE projection = $1 AND generation = $2 LIMIT 1', target);
  // Asked first: a log kept elsewhere (KurrentDB) has no events table here, and is never partitioned.
  if (partitioned.length === 0) return false;
  const { rows } = await tx.query<{ partition: number }>(
    `SELECT p.partition FROM projection_partition_checkpoints p
     JOIN events e ON e.event_id = $3::uuid AND event_owner_partition(e.stream_id) = p.partition
     WHERE p.projection = $1 AND p.generation = $2 FOR UPDATE OF p`,
    [...target, letter.eventId],
  );
  if (rows.length === 0) throw new Error(`${letter.projection}: event ${letter.eventId} is in no partition of generation ${letter.generation}`);
  await tx.query(
    `UPDATE projection_partition_checkpoints SET position = $4, updated_at = now()
     WHERE projection = $1 AND generation = $2 AND partition = $3 AND position < $4`,
    [...target, rows[0]!.partition, letter.position],
  );
  return true;
}
