import { type EventStore, type Position, START } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { advisoryLockHolder } from './advisory-lock-holder';
import { readCheckpoint } from './checkpoints';
import { openDeadLetters } from './dead-letters';
import { isDryRun } from './dry-run-generations';
import { findGeneration } from './generations';
import { rebuildLockKey } from './lock-keys';
import { countInvisibleEvents } from './log-visibility';
import type { Projection } from './projection-definition';

/**
 * `stalled`: an open dead letter of the live generation stops it (lag grows until an operator
 * retries or skips). `rebuilding`: a blue/green rebuild is building a new generation right now (its
 * lock is held); the live one keeps serving. `rebuild-stalled`: a rebuild stopped on a dead letter
 * of the generation it builds. `rebuild-interrupted`: a generation is half-built but no rebuild runs
 * (killed, interrupted, or its lock was lost); `npm run replay` resumes it. `dry-run-kept`: the
 * generation a `--dry-run` rebuilt and kept for comparison, not swapped in. `running`: none of
 * these. `not-started`: it never ran on this database (no generation yet).
 */
export type ProjectionState = 'running' | 'stalled' | 'rebuilding' | 'rebuild-stalled' | 'rebuild-interrupted' | 'dry-run-kept' | 'not-started';

/** One projection as an operator sees it (`npm run projections -- status`, the admin API). */
export interface ProjectionStatus {
  projection: string;
  /** The generation queries read; null before the projection first ran. */
  generation: number | null;
  /** The projection version that generation was built with; the code's is `codeVersion`. */
  builtWithVersion: number | null;
  codeVersion: number;
  /** The live generation's checkpoint (START before the first event). */
  position: Position;
  /** Events of its types in the log after the checkpoint: what it still has to fold. */
  lag: number;
  /**
   * Events of its types committed but not yet visible to readers (held back by an old open
   * transaction: `readLogVisibility`), which `lag` cannot count yet; null when the log is elsewhere.
   */
  invisible: number | null;
  state: ProjectionState;
  /**
   * The generation a rebuild is building, with its own progress; `active` when a rebuild holds
   * its lock right now (not merely because the registry has a building generation).
   */
  rebuild: { generation: number; version: number; position: Position; lag: number; active: boolean; deadLetters: number; dryRun: boolean } | null;
  /**
   * Open dead letters of every generation; `live` of them in the live generation, the only ones
   * that stall it. The oldest is described with the generation it belongs to.
   */
  deadLetters: {
    count: number;
    live: number;
    oldestError: string | null;
    oldestPosition: Position | null;
    oldestGeneration: { generation: number; state: 'live' | 'building' | 'retired' } | null;
  };
}

export interface ReadProjectionStatusOptions {
  /**
   * Projections this process is rebuilding now. PGlite's locks are in-process, so only the
   * process holding the database knows; a PostgreSQL server answers for every process.
   */
  localRebuilds?: ReadonlySet<string>;
}

/**
 * Read a projection's status from the database, so it works from any process (the runtime tables
 * must exist: `migrateRuntimeSchema`).
 */
export async function readProjectionStatus(
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  options: ReadProjectionStatusOptions = {},
): Promise<ProjectionStatus> {
  const live = await findGeneration(sql, projection, 'live');
  const building = await findGeneration(sql, projection, 'building');
  const position = live ? await readCheckpoint(sql, projection.name, live.generation) : START;
  const rebuildPosition = building ? await readCheckpoint(sql, projection.name, building.generation) : undefined;
  const open = await openDeadLetters(sql, projection.name);
  const oldest = open[0];
  const liveLetters = live ? open.filter((letter) => letter.generation === live.generation).length : 0;
  const buildingLetters = building ? open.filter((letter) => letter.generation === building.generation).length : 0;
  const rebuildActive = building ? await isRebuilding(sql, projection.name, options) : false;
  const dryRun = building ? await isDryRun(sql, projection.name, building.generation) : false;

  let state: ProjectionState;
  if (liveLetters > 0) state = 'stalled';
  else if (building && rebuildActive) state = 'rebuilding';
  else if (building && buildingLetters > 0) state = 'rebuild-stalled';
  else if (building) state = dryRun ? 'dry-run-kept' : 'rebuild-interrupted';
  else state = live ? 'running' : 'not-started';

  return {
    projection: projection.name,
    generation: live?.generation ?? null,
    builtWithVersion: live?.version ?? null,
    codeVersion: projection.version,
    position,
    lag: await store.countAfter(position, { types: projection.eventTypes }),
    invisible: await countInvisibleEvents(sql, store, projection.eventTypes),
    state,
    rebuild:
      building && rebuildPosition !== undefined
        ? {
            generation: building.generation,
            version: building.version,
            position: rebuildPosition,
            lag: await store.countAfter(rebuildPosition, { types: projection.eventTypes }),
            active: rebuildActive,
            deadLetters: buildingLetters,
            dryRun,
          }
        : null,
    deadLetters: {
      count: open.length,
      live: liveLetters,
      oldestError: oldest?.error ?? null,
      oldestPosition: oldest?.position ?? null,
      oldestGeneration: oldest
        ? {
            generation: oldest.generation,
            state: oldest.generation === live?.generation ? 'live' : oldest.generation === building?.generation ? 'building' : 'retired',
          }
        : null,
    },
  };
}

/** Whether a rebuild of `projection` runs right now: its lock is held, whatever the registry says. */
async function isRebuilding(sql: SqlClient, projection: string, options: ReadProjectionStatusOptions): Promise<boolean> {
  if (options.localRebuilds?.has(projection)) return true;
  if (sql.kind !== 'postgres') return false;
  return (await advisoryLockHolder(sql, await rebuildLockKey(sql, projection))) !== null;
}
