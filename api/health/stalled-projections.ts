import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/**
 * The projections whose live generation is stopped on an open dead letter, in one indexed
 * statement: what the health check asks on every call (the full status costs several statements
 * per projection and is for the operator's detail only). It sees stalls of runners in any process.
 */
export async function stalledProjections(sql: SqlExecutor): Promise<string[]> {
  const { rows } = await sql.query<{ projection: string }>(
    `SELECT DISTINCT d.projection FROM projection_dead_letters d
     JOIN projection_generations g ON g.projection = d.projection AND g.generation = d.generation AND g.state = 'live'
     WHERE d.resolution IS NULL ORDER BY d.projection`,
    [],
    { name: 'health-stalled-projections' },
  );
  return rows.map((row) => row.projection);
}
