import { type EventStore, type Position, START } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { readCheckpoint } from './checkpoints';
import { openDeadLetters } from './dead-letters';
import { findGeneration } from './generations';
import type { Projection } from './projection-definition';

/**
 * `stalled`: an open dead letter stops it (lag grows until an operator retries or skips).
 * `rebuilding`: a blue/green rebuild is building a new generation; the live one keeps serving.
 * `running`: neither. `not-started`: it never ran on this database (no generation yet).
 */
export type ProjectionState = 'running' | 'stalled' | 'rebuilding' | 'not-started';

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
  state: ProjectionState;
  /** The generation a rebuild is building, with its own progress. */
  rebuild: { generation: number; position: Position; lag: number } | null;
  deadLetters: { count: number; oldestError: string | null; oldestPosition: Position | null };
}

/**
 * Read a projection's status from the database, so it works from any process (the runtime tables
 * must exist: `ensureRuntimeSchema`).
 */
export async function readProjectionStatus(sql: SqlClient, store: EventStore, projection: Projection): Promise<ProjectionStatus> {
  const live = await findGeneration(sql, projection, 'live');
  const building = await findGeneration(sql, projection, 'building');
  const position = live ? await readCheckpoint(sql, projection.name, live.generation) : START;
  const rebuildPosition = building ? await readCheckpoint(sql, projection.name, building.generation) : undefined;
  const open = await openDeadLetters(sql, projection.name);
  const oldest = open[0];
  return {
    projection: projection.name,
    generation: live?.generation ?? null,
    builtWithVersion: live?.version ?? null,
    codeVersion: projection.version,
    position,
    lag: await store.countAfter(position, { types: projection.eventTypes }),
    state: open.length > 0 ? 'stalled' : building ? 'rebuilding' : live ? 'running' : 'not-started',
    rebuild:
      building && rebuildPosition !== undefined
        ? { generation: building.generation, position: rebuildPosition, lag: await store.countAfter(rebuildPosition, { types: projection.eventTypes }) }
        : null,
    deadLetters: { count: open.length, oldestError: oldest?.error ?? null, oldestPosition: oldest?.position ?? null },
  };
}
