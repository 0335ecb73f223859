import { type EventStore, type Position, START } from '../../events/store/event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { BatchWriter } from './batch-writer';
import { catchUp, defaultPageSize } from './catch-up';
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
import { rebuildLockKey } from './lock-keys';
import type { Projection } from './projection-definition';

export interface RebuildOptions {
  /** Events per page; default `defaultPageSize` (1,000). */
  pageSize?: number;
  /**
   * Continue the unfinished rebuild (after `--retry`/`--skip`, or after a restart) instead of
   * starting from position 0; it returns `stalled` at once while that rebuild has an open dead letter.
   */
  resume?: boolean;
  /** Called after each committed page with its number of events. */
  onProgress?: (events: number) => void;
  /** Checked between pages: true stops the rebuild, leaving the new generation to resume later. */
  stopped?: () => boolean;
  /** Called once the new generation has caught up, just before the swap (tests observe both tables here). */
  beforeSwap?: (building: Generation) => Promise<void>;
  /** Called after the swap committed, with the new live generation's checkpoint. */
  onSwapped?: (generation: Generation, position: Position) => void;
}

/** How a rebuild ended. */
export type RebuildOutcome =
  | { kind: 'swapped'; generation: number; previous: number | undefined; position: Position; events: number }
  | { kind: 'stalled'; generation: number; deadLetter: DeadLetter; events: number }
  | { kind: 'stopped'; generation: number; events: number }
  /** Another process is rebuilding this projection right now. */
  | { kind: 'busy' };

const maxSwapAttempts = 20;
const maxPagesInsideSwap = 20;

/**
 * Blue/green rebuild: a new generation's tables catch up from position 0 while the live generation
 * keeps serving (and following); then one transaction catches up the last events, re-points the
 * views, flips the registry and drops the old generation's tables. Queries never see a half-built
 * table, nor a read model older than the one they saw before the swap.
 */
export async function rebuildProjection(
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildOutcome> {
  const outcome = await sql.withAdvisoryLock(
    await rebuildLockKey(sql, projection.name),
    () => rebuildHoldingLock(sql, store, projection, options),
    { wait: false },
  );
  return outcome ?? { kind: 'busy' };
}

async function rebuildHoldingLock(
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  options: RebuildOptions,
): Promise<RebuildOutcome> {
  const pageSize = options.pageSize ?? defaultPageSize;
  const unfinished = options.resume ? await findGeneration(sql, projection, 'building') : undefined;
  // An unfinished generation built by other code cannot be continued; start over.
  const building =
    unfinished?.version === projection.version ? unfinished : await createBuildingGeneration(sql, projection);
  let events = 0;
  const openWriter = async (): Promise<BatchWriter> =>
    new BatchWriter({ sql, projection, generation: building, checkpoint: await readCheckpoint(sql, projection.name, building.generation) });

  const stalledOn = (await openDeadLetters(sql, projection.name, building.generation))[0];
  if (stalledOn) return { kind: 'stalled', generation: building.generation, deadLetter: stalledOn, events };

  let writer = await openWriter();
  for (let attempt = 1; attempt <= maxSwapAttempts; attempt++) {
    const caughtUp = await catchUp(store, writer, {
      types: projection.eventTypes,
      pageSize,
      stopped: options.stopped,
      onWritten: (count) => {
        events += count;
        options.onProgress?.(count);
      },
    });
    if (caughtUp.kind === 'stalled') return { kind: 'stalled', generation: building.generation, deadLetter: caughtUp.deadLetter, events };
    if (caughtUp.kind === 'stopped') return { kind: 'stopped', generation: building.generation, events };
    if (caughtUp.kind === 'lost') throw new Error(`Rebuild of ${projection.name}: generation ${building.generation} was changed by someone else`);
    if (attempt === 1) await options.beforeSwap?.(building);

    let previous: Generation | undefined;
    try {
      previous = await sql.transaction((tx) => swap(tx, sql, store, projection, building, writer, pageSize));
    } catch (error) {
      // Rolled back. NotCaughtUp: catch up again. Anything else (the last events failed inside the
      // swap): the next catch-up, outside any transaction, isolates the failing event into the dead
      // letters. A database that stays unreachable fails that catch-up, which throws.
      if (!(error instanceof NotCaughtUp) && attempt === maxSwapAttempts) throw error;
      writer = await openWriter();
      continue;
    }
    options.onSwapped?.({ ...building, state: 'live' }, writer.checkpoint);
    return { kind: 'swapped', generation: building.generation, previous: previous?.generation, position: writer.checkpoint, events };
  }
  throw new Error(`Rebuild of ${projection.name}: the live generation kept moving ahead; gave up swapping after ${maxSwapAttempts} attempts`);
}

/** The live generation moved past the new one while the swap waited; catch up again and retry. */
class NotCaughtUp extends Error {
  override readonly name = 'NotCaughtUp';
}

/** The swap transaction. Returns the generation that was live before, if any. */
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

  // On a PostgreSQL server the store reads on other connections, so the last events are caught up
  // inside this transaction. PGlite runs one transaction exclusively (a read would wait on this
  // one), and for the same reason nothing else can move while it runs: there, check and retry.
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
