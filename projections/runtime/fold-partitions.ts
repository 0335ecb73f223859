import { randomUUID } from 'node:crypto';
import { ownerPartitionOf, partitionLog } from '../../events/store/postgres/read-log-partition';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { BatchWriter } from './batch-writer';
import { catchUp, defaultPageSize, defaultTrimmedPageSize } from './catch-up';
import type { Generation } from './generations';
import { LockFence, LockLost } from './lock-fence';
import { partitionLockKey } from './lock-keys';
import { partitionCheckpointMove, readPartitionCheckpoints } from './partition-checkpoints';
import type { Projection } from './projection-definition';
import { type TransientRetry, defaultTransientRetry, withTransientRetry } from './transient-retry';

/** How one partition's fold ended: at its head, on a failing event (dead-lettered), stopped, or fenced off. */
export interface PartitionOutcome {
  partition: number;
  kind: 'done' | 'stalled' | 'stopped' | 'lost' | 'lock-lost';
}

export interface FoldPartitionsOptions {
  pageSize?: number;
  retry?: TransientRetry;
  stopped?: () => boolean;
  /** Events written, after each commit. */
  onProgress?: (events: number) => void;
  /**
   * A second page asked for while the first is still read, on a connection of its own. For a lone
   * worker on a server: it then reads as fast as a one-reader rebuild, which does the same; with
   * two workers on two cores, four reads at once were slower than two.
   */
  twoPagesInFlight?: boolean;
}

/**
 * A worker of a partitioned rebuild: take the locks of `partitions` (waiting while another worker,
 * say one left by a killed run, still holds one), then do what a rebuild's catch-up does over those
 * partitions alone, from their checkpoints up to the head recorded when the rebuild began: trimmed
 * pages, the same validation and fold, each write in one transaction with the checkpoints'
 * compare-and-set, the generation still `building` and the locks still held. Partitions that stand
 * at the same checkpoint (all of them, unless a run was stopped half-way) are read together in log
 * order and moved together. A failing event stalls its partition in a dead letter; the others go on.
 */
export async function foldPartitions(
  sql: SqlClient,
  projection: Projection,
  generation: Generation,
  partitions: readonly number[],
  options: FoldPartitionsOptions = {},
): Promise<PartitionOutcome[]> {
  if (projection.partitionedBy !== 'owner') throw new Error(`${projection.name} is not partitioned by owner`);
  // One session of its own per worker, which holds all its partitions' locks: a session per
  // partition cost a server process each. They stand or fall together, with the session.
  const sessionKey = `${await partitionLockKey(sql, projection.name, 'worker')}:${randomUUID()}`;
  const outcomes = await sql.withAdvisoryLock(sessionKey, async (session) => {
    const releases: Array<() => Promise<void>> = [];
    const keys = new Map<number, string>();
    try {
      // In the order given, ascending from the replay: two workers never wait on each other in a cycle.
      for (const partition of partitions) {
        if (options.stopped?.() || session.signal.aborted) {
          return partitions.map((p): PartitionOutcome => ({ partition: p, kind: session.signal.aborted ? 'lock-lost' : 'stopped' }));
        }
        const key = await partitionLockKey(sql, projection.name, partition);
        const release = await session.hold(key);
        if (!release) throw new Error(`The lock of partition ${partition} was refused`);
        releases.push(release);
        keys.set(partition, key);
      }
      return await foldHeld(sql, projection, generation, partitions, (partition) => new LockFence(session, keys.get(partition)!), options);
    } finally {
      if (!session.signal.aborted) for (const release of releases.reverse()) await release();
    }
  });
  if (!outcomes) throw new Error(`${projection.name}: a partition worker's session lock ${sessionKey} was taken`);
  return outcomes;
}

/** The fold of partitions whose locks are held: group by group, each group the partitions at the lowest checkpoint. */
async function foldHeld(
  sql: SqlClient,
  projection: Projection,
  generation: Generation,
  partitions: readonly number[],
  fenceOf: (partition: number) => LockFence,
  options: FoldPartitionsOptions,
): Promise<PartitionOutcome[]> {
  const target = { projection: projection.name, generation: generation.generation };
  const decided = new Map<number, PartitionOutcome['kind']>();
  const decide = (group: readonly number[], kind: PartitionOutcome['kind']) => group.forEach((partition) => decided.set(partition, kind));
  for (;;) {
    const undecided = partitions.filter((partition) => !decided.has(partition));
    if (undecided.length === 0) break;
    if (options.stopped?.() || fenceOf(undecided[0]!).lost) {
      decide(undecided, fenceOf(undecided[0]!).lost ? 'lock-lost' : 'stopped');
      break;
    }
    const checkpoints = await readPartitionCheckpoints(sql, target, undecided);
    // The generation was merged, swapped or dropped meanwhile: nothing of it is this worker's.
    if (checkpoints.length < undecided.length) {
      decide(undecided, 'lost');
      break;
    }
    decide(checkpoints.filter((checkpoint) => checkpoint.position === checkpoint.head).map((checkpoint) => checkpoint.partition), 'done');
    const short = checkpoints.filter((checkpoint) => checkpoint.position !== checkpoint.head);
    if (short.length === 0) continue;
    const lowest = short.reduce((low, checkpoint) => (checkpoint.position < low ? checkpoint.position : low), short[0]!.position);
    const group = short.filter((checkpoint) => checkpoint.position === lowest).map((checkpoint) => checkpoint.partition);
    const outcome = await foldGroup(sql, projection, generation, group, fenceOf(group[0]!), options);
    if (outcome.kind !== 'stalled') {
      decide(group, outcome.kind);
      continue;
    }
    // Only the failing event's partition stalls; the rest of the group, now just before that event, goes on.
    const failing = group.length === 1 ? group[0] : await ownerPartitionOf(sql, outcome.eventId);
    if (failing === undefined || !group.includes(failing)) throw new Error(`${projection.name}: event ${outcome.eventId} is in none of partitions ${group.join(', ')}`);
    decided.set(failing, 'stalled');
  }
  return partitions.map((partition) => ({ partition, kind: decided.get(partition)! }));
}

type GroupOutcome = { kind: Exclude<PartitionOutcome['kind'], 'stalled'> } | { kind: 'stalled'; eventId: string };

/** Fold partitions that all stand at one checkpoint, in log order, up to their head; their checkpoints move together. */
async function foldGroup(
  sql: SqlClient,
  projection: Projection,
  generation: Generation,
  group: readonly number[],
  fence: LockFence,
  options: FoldPartitionsOptions,
): Promise<GroupOutcome> {
  const target = { projection: projection.name, generation: generation.generation };
  const openWriter = async (): Promise<{ writer: BatchWriter; head: string } | undefined> => {
    // Read under the locks: the checkpoints a previous holder of these partitions committed last.
    const checkpoints = await readPartitionCheckpoints(sql, target, group);
    const first = checkpoints[0];
    if (!first || checkpoints.length < group.length) return undefined;
    if (checkpoints.some((checkpoint) => checkpoint.position !== first.position || checkpoint.head !== first.head)) {
      throw new Error(`${projection.name}: partitions ${group.join(', ')} no longer stand at one checkpoint`);
    }
    const writer = new BatchWriter({
      sql,
      projection,
      generation,
      checkpoint: first.position,
      fence,
      moveCheckpoint: partitionCheckpointMove(target, group),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
    });
    return { writer, head: first.head };
  };
  try {
    let tries = 0;
    return await withTransientRetry(async (): Promise<GroupOutcome> => {
      tries++;
      const opened = await openWriter();
      if (!opened) return { kind: 'lost' };
      const { writer, head } = opened;
      if (writer.checkpoint === head) return { kind: 'done' };
      if (tries === 1 && writer.checkpoint > head) throw new Error(`${projection.name}: partitions ${group.join(', ')} are past their head ${head}`);
      const caughtUp = await catchUp(partitionLog(sql, group, head), writer, {
        types: projection.eventTypes,
        pageSize: options.pageSize ?? defaultPageSize,
        trimmedPageSize: options.pageSize ?? defaultTrimmedPageSize,
        twoPagesInFlight: (options.twoPagesInFlight ?? false) && sql.kind === 'postgres',
        stopped: () => fence.lost || (options.stopped?.() ?? false),
        onWritten: (count) => options.onProgress?.(count),
      });
      if (fence.lost) return { kind: 'lock-lost' };
      if (caughtUp.kind === 'stalled') return { kind: 'stalled', eventId: caughtUp.deadLetter.eventId };
      if (caughtUp.kind !== 'caught-up') return { kind: caughtUp.kind };
      // Every event of the group up to the head is folded (the last write took the head already).
      const done = await writer.commitFolded(head);
      return { kind: done.kind === 'committed' ? 'done' : 'lost' };
    }, options.retry ?? defaultTransientRetry);
  } catch (error) {
    if (error instanceof LockLost || fence.lost) return { kind: 'lock-lost' };
    throw error;
  }
}
