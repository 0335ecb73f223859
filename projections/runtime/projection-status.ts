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
 * `rebuilding`: a rebuild holds its lock now. `rebuild-interrupted`: a half-built generation with
 * no rebuild running (`npm run replay` resumes it). `dry-run-kept`: kept by a `--dry-run`, not swapped in.
 */
export type ProjectionState = 'running' | 'stalled' | 'rebuilding' | 'rebuild-stalled' | 'rebuild-interrupted' | 'dry-run-kept' | 'not-started';

export interface ProjectionStatus {
  projection: string;
  generation: number | null;
  /** The projection version that generation was built with; the code's is `codeVersion`. */
  builtWithVersion: number | null;
  codeVersion: number;
  position: Position;
  lag: number;
  /** Events committed but held back from readers (`readLogVisibility`), which `lag` cannot count. */
  invisible: number | null;
  state: ProjectionState;
  /** `active` when a rebuild holds its lock now, not merely because the registry has a building generation. */
  rebuild: { generation: number; version: number; position: Position; lag: number; active: boolean; deadLetters: number; dryRun: boolean } | null;
  /** Open dead letters of every generation; only the `live` ones stall it. */
  deadLetters: {
    count: number;
    live: number;
    oldestError: string | null;
    oldestPosition: Position | null;
    oldestGeneration: { generation: number; state: 'live' | 'building' | 'retired' } | null;
  };
}

export interface ReadProjectionStatusOptions {
  /** Rebuilding in this process: PGlite's locks are in-process, so only the process holding it knows. */
  localRebuilds?: ReadonlySet<string>;
}

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

async function isRebuilding(sql: SqlClient, projection: string, options: ReadProjectionStatusOptions): Promise<boolean> {
  if (options.localRebuilds?.has(projection)) return true;
  if (sql.kind !== 'postgres') return false;
  return (await advisoryLockHolder(sql, await rebuildLockKey(sql, projection))) !== null;
}
