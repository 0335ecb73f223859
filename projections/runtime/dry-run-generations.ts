import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/**
 * Mark a building generation as a dry run's (`npm run replay -- --dry-run`): it is only swapped in by an
 * explicit replay or a deploy. A replay without --dry-run that takes it over clears the mark.
 */
export async function markDryRun(db: SqlExecutor, projection: string, generation: number, dryRun: boolean): Promise<void> {
  await db.query(`UPDATE projection_generations SET dry_run = $3 WHERE projection = $1 AND generation = $2 AND state = 'building'`, [
    projection,
    generation,
    dryRun,
  ]);
}

/** Whether the generation was built and kept by a dry run. */
export async function isDryRun(db: SqlExecutor, projection: string, generation: number): Promise<boolean> {
  const { rows } = await db.query<{ dry_run: boolean }>('SELECT dry_run FROM projection_generations WHERE projection = $1 AND generation = $2', [
    projection,
    generation,
  ]);
  return rows[0]?.dry_run === true;
}
