import type { SqlClient } from '../../events/store/postgres/sql-client';
import { advisoryLockHolder } from '../../projections/runtime/advisory-lock-holder';
import { rebuildLockKey, runnerLockKey } from '../../projections/runtime/lock-keys';

/** Whether an app or a worker is following (or rebuilding) a projection right now. */
export type RunnerPresence = 'active' | 'none';

/**
 * Whether any process holds each projection's runner lock (an advisory lock), i.e. is moving it.
 * Always `none` on PGlite: an operator command opens the data directory only while the app is stopped.
 */
export function findProjectionRunners(sql: SqlClient, projectionNames: readonly string[]): Promise<Map<string, RunnerPresence>> {
  return findLockHolders(sql, projectionNames, runnerLockKey);
}

/** Like `findProjectionRunners`, for the rebuild lock: is a rebuild of each projection running now? */
export function findProjectionRebuilds(sql: SqlClient, projectionNames: readonly string[]): Promise<Map<string, RunnerPresence>> {
  return findLockHolders(sql, projectionNames, rebuildLockKey);
}

async function findLockHolders(
  sql: SqlClient,
  projectionNames: readonly string[],
  lockKey: (sql: SqlClient, projection: string) => Promise<string>,
): Promise<Map<string, RunnerPresence>> {
  const holders = new Map<string, RunnerPresence>(projectionNames.map((name) => [name, 'none']));
  if (sql.kind !== 'postgres') return holders;
  for (const name of projectionNames) {
    if ((await advisoryLockHolder(sql, await lockKey(sql, name))) !== null) holders.set(name, 'active');
  }
  return holders;
}
