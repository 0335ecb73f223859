import { randomUUID } from 'node:crypto';
import { partitionLog } from '../../events/store/postgres/read-log-partition';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { BatchWriter } from './batch-writer';
import { catchUp, defaultPageSize, defaultTrimmedPageSize } from './catch-up';
import type { Generation } from './generations';
import { LockFence, LockLost } from './lock-fence';
import { partitionLockKey } from './lock-keys';
import { partitionCheckpointMove, readPartitionCheckpoint } from './partition-checkpoints';
import type { Projection } from './projection-definition';
import { type TransientRetry, defaultTransientRetry, withTransientRetry } from './transient-retry';

/** How one partition's fold ended: at its head, on a failing event (dead-lettered), stopped, or fenced off. */
export interface PartitionOutcome {
  partition: number;
  kind: 'done' | 'stalled' | 'stopped' | 'lost' | 'lock-lost';
  events: number;
}

export interface FoldPartitionsOptions {
  pageSize?: number;
  retry?: TransientRetry;
  stopped?: () => boolean;
  /** Events written, after each commit. */
  onProgress?: (events: number) => void;
}

/**
 * A worker of a partitioned rebuild: for each of `partitions` in turn, take its lock (waiting while
 * another worker, say one left by a killed run, still holds it), then do what a rebuild's catch-up
 * does over that partition alone, from its checkpoint up to the head recorded when the rebuild began:
 * trimmed pages, the same validation and fold, each write in one transaction with the partition's
 * checkpoint compare-and-set, the generation still `building` and the lock still held. A failing
 * event stalls its partition in a dead letter; the others go on.
 */
export async function foldPartitions(
  sql: SqlClient,
  projection: Projection,
  generation: Generation,
  partitions: readonly number[],
  options: FoldPartitionsOptions = {},
): Promise<PartitionOutcome[]> {
  if (projection.partitionedBy !== 'owner') throw new Error(`${projection.name} is not partitioned by owner`);
  // One session of its own per worker, on which it takes its partitions' locks one after another:
  // a session per partition cost a server process each.
  const sessionKey = `${await partitionLockKey(sql, projection.name, 'worker')}:${randomUUID()}`;
  const outcomes = await sql.withAdvisoryLock(sessionKey, async (session) => {
    const done: PartitionOutcome[] = [];
    for (const partition of partitions) {
      if (options.stopped?.() || session.signal.aborted) {
        done.push({ partition, kind: session.signal.aborted ? 'lock-lost' : 'stopped', events: 0 });
        continue;
      }
      const key = await partitionLockKey(sql, projection.name, partition);
      const release = await session.hold(key);
      if (!release) throw new Error(`The lock of partition ${partition} was refused`);
      try {
        done.push(await foldPartition(sql, projection, generation, partition, new LockFence(session, key), options));
      } finally {
        if (!session.signal.aborted) await release();
      }
    }
    return done;
  });
  if (!outcomes) throw new Error(`${projection.name}: a partition worker's session lock ${sessionKey} was taken`);
  return outcomes;
}

async function foldPartition(
  sql: SqlClient,
  projection: Projection,
  generation: Generation,
  partition: number,
  fence: LockFence,
  options: FoldPartitionsOptions,
): Promise<PartitionOutcome> {
  const target = { projection: projection.name, generation: generation.generation };
  let events = 0;
  const result = (kind: PartitionOutcome['kind']): PartitionOutcome => ({ partition, kind, events });
  const openWriter = async (): Promise<{ writer: BatchWriter; head: string } | undefined> => {
    // Read under the lock: the checkpoint a previous holder of this partition committed last.
    const checkpoint = await readPartitionCheckpoint(sql, target, partition);
    if (!checkpoint) return undefined;
    const writer = new BatchWriter({
      sql,
      projection,
      generation,
      checkpoint: checkpoint.position,
      fence,
      moveCheckpoint: partitionCheckpointMove(target, partition),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
    });
    return { writer, head: checkpoint.head };
  };
  try {
    let tries = 0;
    return await withTransientRetry(async () => {
      tries++;
      const opened = await openWriter();
      // The generation was merged, swapped or dropped meanwhile: nothing of it is this worker's.
      if (!opened) return result('lost');
      const { writer, head } = opened;
      if (writer.checkpoint === head) return result('done');
      if (tries === 1 && writer.checkpoint > head) throw new Error(`${projection.name}: partition ${partition} is past its head ${head}`);
      const caughtUp = await catchUp(partitionLog(sql, partition, head), writer, {
        types: projection.eventTypes,
        pageSize: options.pageSize ?? defaultPageSize,
        trimmedPageSize: options.pageSize ?? defaultTrimmedPageSize,
        // One page read ahead (catchUp asks for it before folding), not two: with W workers the server
        // already reads W pages at once, and a second page each measured no faster at 10M events.
        twoPagesInFlight: false,
        stopped: () => fence.lost || (options.stopped?.() ?? false),
        onWritten: (count) => {
          events += count;
          options.onProgress?.(count);
        },
      });
      if (fence.lost) return result('lock-lost');
      if (caughtUp.kind !== 'caught-up') return result(caughtUp.kind);
      // Every event of the partition up to the head is folded (the last write took the head already).
      const done = await writer.commitFolded(head);
      return result(done.kind === 'committed' ? 'done' : 'lost');
    }, options.retry ?? defaultTransientRetry);
  } catch (error) {
    if (error instanceof LockLost || fence.lost) return result('lock-lost');
    throw error;
  }
}
