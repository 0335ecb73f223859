import type { SqlClient } from '../../events/store/postgres/sql-client';
import { runnerLockKey } from '../../projections/runtime/lock-keys';

/** Whether an app or a worker is following a projection right now. */
export type RunnerPresence = 'active' | 'none';

/**
 * Who follows each projection: the runner lock (one active runner per projection, a session-level
 * advisory lock on `hashtext(key)`, see pg-sql-client.ts) is held by some process, or by none. The
 * status tables only say where a projection is; this says whether anything is moving it. On PGlite
 * the answer is always `none`: an operator command can only open the data directory while the app
 * is stopped.
 */
export async function findProjectionRunners(sql: SqlClient, projectionNames: readonly string[]): Promise<Map<string, RunnerPresence>> {
  const runners = new Map<string, RunnerPresence>(projectionNames.map((name) => [name, 'none']));
  if (sql.kind !== 'postgres') return runners;
  for (const name of projectionNames) {
    // A bigint advisory lock shows in pg_locks as its high (classid) and low (objid) 32 bits.
    const { rows } = await sql.query<{ held: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_locks
         WHERE locktype = 'advisory' AND granted AND objsubid = 1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint
       ) AS held`,
      [await runnerLockKey(sql, name)],
    );
    if (rows[0]?.held) runners.set(name, 'active');
  }
  return runners;
}
