import { type EventStore, type Position, START } from '../../events/store/event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { BatchWriter } from './batch-writer';
import { minWindow } from '../../events/store/postgres/read-log';
import { ensureOwnerPartitionIndex } from '../../events/store/postgres/read-log-partition';
import { catchUp, defaultPageSize, defaultTrimmedPageSize } from './catch-up';
import { readCheckpoint } from './checkpoints';
import { type DeadLetter, openDeadLetters } from './dead-letters';
import {
  type Generation,
  createBuildingGeneration,
  findGeneration,
  lockRegistry,
  pointViews,
  retireGeneration,
} from './generations';
import { type PartitionOutcome, foldPartitions } from './fold-partitions';
import { LockFence, LockLost } from './lock-fence';
import { rebuildLockKey } from './lock-keys';
import { createPartitionCheckpoints, mergePartitionCheckpoints, readPartitionCheckpoints } from './partition-checkpoints';
import type { Projection } from './projection-definition';
import { migrateRuntimeSchema } from './runtime-schema';
import { type TransientRetry, defaultTransientRetry, withTransientRetry } from './transient-retry';

export interface RebuildOptions {
  pageSize?: number;
  /** Continue an unfinished rebuild of this version (`stalled` while it has a dead letter); else drop it. */
  resume?: boolean;
  onStart?: (start: RebuildStart) => void;
  /** Default on for a PostgreSQL server with trimmed pages of 1,000 or more (decisions 0043 and 0064). */
  twoPagesInFlight?: boolean;
  retry?: TransientRetry;
  onProgress?: (events: number) => void;
  stopped?: () => boolean;
  /** Just before the swap (tests observe both tables here). */
  beforeSwap?: (building: Generation) => Promise<void>;
  onSwapped?: (generation: Generation, position: Position) => void;
  /**
   * Fold the log up to its head by owner partitions (the projection must declare `partitionedBy`):
   * a fresh generation gets one checkpoint per partition. `fold` runs the workers (by default in
   * this process, one partition after another). A generation that has partition checkpoints is
   * always finished this way, whoever resumes it.
   */
  partitioned?: { fold?: PartitionFold };
}

/** Folds the given partitions of `building` up to their head, however many workers it takes. */
export type PartitionFold = (building: Generation, partitions: readonly number[], onProgress: (events: number) => void) => Promise<PartitionOutcome[]>;

export type RebuildStart =
  | { kind: 'resumed'; generation: number; from: Position }
  | { kind: 'fresh'; generation: number; dropped: { generation: number; version: number } | null };

export type RebuildOutcome =
  | { kind: 'swapped'; generation: number; previous: number | undefined; position: Position; events: number; start: RebuildStart }
  | { kind: 'stalled'; generation: number; deadLetter: DeadLetter; events: number; start: RebuildStart }
  | { kind: 'stopped'; generation: number; events: number; start: RebuildStart }
  /** The rebuild lock's session died: nothing more was written, the generation is left to resume. */
  | { kind: 'lock-lost'; generation: number; events: number; start: RebuildStart }
  | { kind: 'busy' };

const maxSwapAttempts = 20;
const maxPagesInsideSwap = 20;

/**
 * Blue/green rebuild: a new generation catches up while the live one serves; then one transaction
 * catches up the rest, re-points the views and drops the old tables.
 */
export async function rebuildProjection(
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildOutcome> {
  await migrateRuntimeSchema(sql);
  const lockKey = await rebuildLockKey(sql, projection.name);
  const outcome = await sql.withAdvisoryLock(
    lockKey,
    (session) => rebuildHoldingLock(sql, store, projection, options, new LockFence(session, lockKey)),
    { wait: false },
  );
  return outcome ?? { kind: 'busy' };
}

async function startRebuild(
  sql: SqlClient,
  projection: Projection,
  resume: boolean,
  fence: LockFence,
): Promise<{ building: Generation; start: RebuildStart }> {
  const unfinished = await findGeneration(sql, projection, 'building');
  // An unfinished generation built by other code cannot be continued; start over.
  if (unfinished && resume && unfinished.version === projection.version) {
    const from = await readCheckpoint(sql, projection.name, unfinished.generation);
    return { building: unfinished, start: { kind: 'resumed', generation: unfinished.generation, from } };
  }
  const building = await createBuildingGeneration(sql, projection, fence);
  const dropped = unfinished ? { generation: unfinished.generation, version: unfinished.version } : null;
  return { building, start: { kind: 'fresh', generation: building.generation, dropped } };
}

async function rebuildHoldingLock(
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  options: RebuildOptions,
  fence: LockFence,
): Promise<RebuildOutcome> {
  const pageSize = options.pageSize ?? defaultPageSize;
  const { building, start } = await startRebuild(sql, projection, options.resume ?? false, fence);
  options.onStart?.(start);
  let events = 0;
  const openWriter = async (): Promise<BatchWriter> =>
    new BatchWriter({
      sql,
      projection,
      generation: building,
      checkpoint: await readCheckpoint(sql, projection.name, building.generation),
      fence,
      ...(options.retry === undefined ? {} : { retry: options.retry }),
    });

  const stalledOn = (await openDeadLetters(sql, projection.name, building.generation))[0];
  if (stalledOn) return { kind: 'stalled', generation: building.generation, deadLetter: stalledOn, events, start };

  const lockLost = (): RebuildOutcome => ({ kind: 'lock-lost', generation: building.generation, events, start });
  let partitioned;
  try {
    partitioned = await foldByPartitions(sql, store, projection, building, options, fence, (count) => {
      events += count;
      options.onProgress?.(count);
    });
  } catch (error) {
    if (error instanceof LockLost || fence.lost) return lockLost();
    throw error;
  }
  if (partitioned === 'lock-lost') return lockLost();
  if (partitioned === 'stopped') return { kind: 'stopped', generation: building.generation, events, start };
  if (partitioned !== 'merged') return { kind: 'stalled', generation: building.generation, deadLetter: partitioned, events, start };
  let writer = await openWriter();
  for (let attempt = 1; attempt <= maxSwapAttempts; attempt++) {
    let caughtUp;
    let tries = 0;
    try {
      // A transient read failure is retried from the committed checkpoint, like a write.
      caughtUp = await withTransientRetry(async () => {
        if (tries++ > 0) writer = await openWriter();
        return catchUp(store, writer, {
          types: projection.eventTypes,
          pageSize,
          trimmedPageSize: options.pageSize ?? defaultTrimmedPageSize,
          twoPagesInFlight: options.twoPagesInFlight ?? (sql.kind === 'postgres' && (options.pageSize ?? defaultTrimmedPageSize) >= minWindow),
          stopped: () => fence.lost || (options.stopped?.() ?? false),
          onWritten: (count) => {
            events += count;
            options.onProgress?.(count);
          },
        });
      }, options.retry ?? defaultTransientRetry);
    } catch (error) {
      if (error instanceof LockLost || fence.lost) return lockLost();
      throw error;
    }
    if (fence.lost) return lockLost();
    if (caughtUp.kind === 'stalled') return { kind: 'stalled', generation: building.generation, deadLetter: caughtUp.deadLetter, events, start };
    if (caughtUp.kind === 'stopped') return { kind: 'stopped', generation: building.generation, events, start };
    if (caughtUp.kind === 'lost') throw new Error(`Rebuild of ${projection.name}: generation ${building.generation} was changed by someone else`);
    if (attempt === 1) await options.beforeSwap?.(building);

    let previous: Generation | undefined;
    try {
      previous = await sql.transaction(async (tx) => {
        const live = await swap(tx, sql, store, projection, building, writer, pageSize);
        // Last, just before COMMIT: a swap is never committed by a rebuild that lost its lock.
        await fence.assertHeld(tx);
        return live;
      });
    } catch (error) {
      if (error instanceof LockLost || fence.lost) return lockLost();
      // Rolled back. Anything but NotCaughtUp: the next catch-up isolates the failing event.
      if (!(error instanceof NotCaughtUp) && attempt === maxSwapAttempts) throw error;
      writer = await openWriter();
      continue;
    }
    options.onSwapped?.({ ...building, state: 'live' }, writer.checkpoint);
    return { kind: 'swapped', generation: building.generation, previous: previous?.generation, position: writer.checkpoint, events, start };
  }
  throw new Error(`Rebuild of ${projection.name}: the live generation kept moving ahead; gave up swapping after ${maxSwapAttempts} attempts`);
}

/**
 * The partitioned part of a rebuild: creates the partition checkpoints of a generation that has folded
 * nothing yet when asked to, folds every partition short of its head, then merges them into the
 * generation's checkpoint. 'merged' also when there is nothing partitioned to do.
 */
async function foldByPartitions(
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  building: Generation,
  options: RebuildOptions,
  fence: LockFence,
  onProgress: (events: number) => void,
): Promise<'merged' | 'stopped' | 'lock-lost' | DeadLetter> {
  const target = { projection: projection.name, generation: building.generation };
  let checkpoints = await readPartitionCheckpoints(sql, target);
  if (checkpoints.length === 0) {
    if (!options.partitioned || (await readCheckpoint(sql, projection.name, building.generation)) !== START) return 'merged';
    if (projection.partitionedBy !== 'owner') throw new Error(`${projection.name} does not declare partitionedBy: it is rebuilt by one reader`);
    // Every event at or before the visible head is committed; later ones are caught up by one reader below.
    const head = await store.headPosition();
    await sql.transaction(async (tx) => {
      await createPartitionCheckpoints(tx, target, head);
      await fence.assertHeld(tx);
    });
    checkpoints = await readPartitionCheckpoints(sql, target);
  }
  const pending = checkpoints.filter((checkpoint) => checkpoint.position !== checkpoint.head).map((checkpoint) => checkpoint.partition);
  if (pending.length > 0) {
    // Without it, each partition's read would scan the whole log.
    await ensureOwnerPartitionIndex(sql);
    const fold: PartitionFold =
      options.partitioned?.fold ??
      ((generation, partitions, progress) =>
        foldPartitions(sql, projection, generation, partitions, {
          ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
          ...(options.retry === undefined ? {} : { retry: options.retry }),
          stopped: () => fence.lost || (options.stopped?.() ?? false),
          onProgress: progress,
        }));
    const outcomes = await fold(building, pending, onProgress);
    if (fence.lost) return 'lock-lost';
    const stalledOn = (await openDeadLetters(sql, projection.name, building.generation))[0];
    if (stalledOn) return stalledOn;
    if (outcomes.some((outcome) => outcome.kind === 'stopped' || outcome.kind === 'lock-lost')) return 'stopped';
    if (outcomes.some((outcome) => outcome.kind === 'lost')) throw new Error(`Rebuild of ${projection.name}: generation ${building.generation} was changed by someone else`);
  }
  const merged = await sql.transaction(async (tx) => {
    const done = await mergePartitionCheckpoints(tx, target);
    await fence.assertHeld(tx);
    return done;
  });
  if (!merged) throw new Error(`Rebuild of ${projection.name}: every partition worker ended, but some partitions of generation ${building.generation} are short of their head`);
  return 'merged';
}

/** The live generation moved past the new one while the swap waited; catch up again and retry. */
class NotCaughtUp extends Error {
  override readonly name = 'NotCaughtUp';
}

async function swap(
  tx: SqlExecutor,
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  building: Generation,
  writer: BatchWriter,
  pageSize: number,
): Promise<Generation | undefined> {
  await lockRegistry(tx, projection);
  // FOR UPDATE waits for the live runner's batch in flight and holds off its next one until the swap ends.
  const live = await findGeneration(tx, projection, 'live', { forUpdate: true });
  const liveCheckpoint = live ? await readCheckpoint(tx, projection.name, live.generation) : START;

  // On a server the last events are caught up inside this transaction. PGlite runs it exclusively
  // (a read would wait on it, and nothing else can move): there, check and retry.
  if (sql.kind === 'postgres') {
    for (let pages = 0; pages < maxPagesInsideSwap; pages++) {
      const page = await store.readAll({ after: writer.checkpoint, max: pageSize, types: projection.eventTypes });
      if (page.events.length === 0 && page.next <= writer.checkpoint) break;
      await writer.writeWithin(tx, page.events, page.next);
    }
  }
  if (writer.checkpoint < liveCheckpoint) throw new NotCaughtUp();

  await pointViews(tx, projection, building.tables);
  if (live) await retireGeneration(tx, live);
  const promoted = await tx.query(
    `UPDATE projection_generations SET state = 'live', live_since = now()
     WHERE projection = $1 AND generation = $2 AND state = 'building'`,
    [projection.name, building.generation],
  );
  if (promoted.rowCount !== 1) throw new Error(`Rebuild of ${projection.name}: generation ${building.generation} is no longer building`);
  return live;
}
