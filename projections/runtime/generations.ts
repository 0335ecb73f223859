import { START } from '../../events/store/event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { type GenerationTables, type Projection, generationTables } from './projection-definition';
import type { LockFence } from './lock-fence';
import { schemaScopedXactLock } from './lock-keys';

export type GenerationState = 'building' | 'live' | 'retired';

/** One set of versioned tables of a projection, as recorded in `projection_generations`. */
export interface Generation {
  projection: string;
  generation: number;
  /** The projection's `version` this generation was built with. */
  version: number;
  state: GenerationState;
  tables: GenerationTables;
}

export interface GenerationRow {
  generation: number;
  version: number;
  state: GenerationState;
}

/** The generation of `projection` in `state` (live or building), if there is one; `forUpdate` locks its row. */
export async function findGeneration(
  db: SqlExecutor,
  projection: Projection,
  state: 'live' | 'building',
  options: { forUpdate?: boolean } = {},
): Promise<Generation | undefined> {
  const { rows } = await db.query<GenerationRow>(
    `SELECT generation, version, state FROM projection_generations WHERE projection = $1 AND state = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [projection.name, state],
    // One name per text: every rebuild step and a runner outside a host (its idle check) ask this.
    { name: options.forUpdate ? 'find_generation_for_update' : 'find_generation' },
  );
  const row = rows[0];
  return row && toGeneration(projection, row);
}

/** The live generation, created when the projection never ran (live from the start: nothing older serves). */
export async function ensureLiveGeneration(sql: SqlClient, projection: Projection): Promise<Generation> {
  // The common case is one cheap read (the runtime tables exist: `migrateRuntimeSchema` ran at start-up).
  const existing = await findGeneration(sql, projection, 'live');
  if (existing) return existing;
  return sql.transaction(async (tx) => {
    await lockRegistry(tx, projection);
    const raced = await findGeneration(tx, projection, 'live');
    if (raced) return raced;
    const generation = await createGeneration(tx, projection, 'live');
    await pointViews(tx, projection, generation.tables);
    return generation;
  });
}

/** A new generation for a rebuild, dropping an unfinished one; fenced by the rebuild lock (`LockLost`). */
export async function createBuildingGeneration(sql: SqlClient, projection: Projection, fence: LockFence): Promise<Generation> {
  fence.throwIfLost();
  return sql.transaction(async (tx) => {
    await lockRegistry(tx, projection);
    const previous = await findGeneration(tx, projection, 'building');
    if (previous) await retireGeneration(tx, previous);
    const generation = await createGeneration(tx, projection, 'building');
    // Last, just before COMMIT, like every other write under the lock.
    await fence.assertHeld(tx);
    return generation;
  });
}

/** Drop a generation's tables and checkpoint, closing its open dead letters as superseded. */

export async function retireGeneration(tx: SqlExecutor, generation: Generation): Promise<void> {
  for (const table of Object.values(generation.tables)) await tx.exec(`DROP TABLE IF EXISTS ${table}`);
  for (const table of ['projection_partition_checkpoints', 'projection_checkpoints']) {
    await tx.query(`DELETE FROM ${table} WHERE projection = $1 AND generation = $2`, [generation.projection, generation.generation]);
  }
  await tx.query(
    `UPDATE projection_generations SET state = 'retired', retired_at = now() WHERE projection = $1 AND generation = $2`,
    [generation.projection, generation.generation],
  );
  await tx.query(
    `UPDATE projection_dead_letters SET resolution = 'superseded', resolved_at = now()
     WHERE projection = $1 AND generation = $2 AND resolution IS NULL`,
    [generation.projection, generation.generation],
  );
}

/** Re-point every view of the read model at `tables` (DROP + CREATE: the columns may differ). */
export async function pointViews(tx: SqlExecutor, projection: Projection, tables: GenerationTables): Promise<void> {
  for (const view of projection.tables) {
    await tx.exec(`DROP VIEW IF EXISTS ${view}; CREATE VIEW ${view} AS SELECT * FROM ${tables[view]};`);
  }
}

/** Serialise registry changes of one projection across processes (held until the transaction ends). */
export async function lockRegistry(tx: SqlExecutor, projection: Pick<Projection, 'name'>): Promise<void> {
  await tx.query(schemaScopedXactLock, [`woodshed:projection-registry:${projection.name}`]);
}

async function createGeneration(tx: SqlExecutor, projection: Projection, state: 'live' | 'building'): Promise<Generation> {
  const { rows } = await tx.query<{ next: number }>(
    'SELECT coalesce(max(generation), 0) + 1 AS next FROM projection_generations WHERE projection = $1',
    [projection.name],
  );
  const number = Number(rows[0]!.next);
  const generation: Generation = {
    projection: projection.name,
    generation: number,
    version: projection.version,
    state,
    tables: generationTables(projection, number),
  };
  await tx.exec(projection.migration(generation.tables));
  await tx.query(
    `INSERT INTO projection_generations (projection, generation, version, state, live_since)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 = 'live' THEN now() END)`,
    [projection.name, number, projection.version, state],
  );
  await tx.query('INSERT INTO projection_checkpoints (projection, generation, position) VALUES ($1, $2, $3)', [
    projection.name,
    number,
    START,
  ]);
  return generation;
}

export function toGeneration(projection: Projection, row: GenerationRow): Generation {
  const number = Number(row.generation);
  return {
    projection: projection.name,
    generation: number,
    version: Number(row.version),
    state: row.state,
    tables: generationTables(projection, number),
  };
}
