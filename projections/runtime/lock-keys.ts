import type { SqlClient } from '../../events/store/postgres/sql-client';

// Advisory locks are per database, so they are named after the schema: Woodsheds in separate schemas never block each other.
const schemas = new WeakMap<SqlClient, Promise<string>>();

function currentSchema(sql: SqlClient): Promise<string> {
  let schema = schemas.get(sql);
  if (!schema) {
    schema = sql.query<{ schema: string }>('SELECT current_schema() AS schema').then((result) => result.rows[0]!.schema);
    schema.catch(() => schemas.delete(sql));
    schemas.set(sql, schema);
  }
  return schema;
}

/** The runner lock: one active runner per projection across processes. */
export async function runnerLockKey(sql: SqlClient, projectionName: string): Promise<string> {
  return `woodshed:${await currentSchema(sql)}:projection:${projectionName}`;
}

/** The rebuild lock: one blue/green rebuild per projection at a time. */
export async function rebuildLockKey(sql: SqlClient, projectionName: string): Promise<string> {
  return `woodshed:${await currentSchema(sql)}:projection-rebuild:${projectionName}`;
}

/** A background job's lock (api/jobs): one running instance per job among the processes of one schema. */
export async function jobLockKey(sql: SqlClient, jobName: string): Promise<string> {
  return `woodshed:${await currentSchema(sql)}:job:${jobName}`;
}

/** SQL for a transaction-scoped lock on `$1` within the current schema. */
export const schemaScopedXactLock = `SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':' || $1))`;

/** One owner partition of a rebuild split across workers: one worker folds it at a time ('worker': a worker's own session). */
export async function partitionLockKey(sql: SqlClient, projectionName: string, partition: number | 'worker'): Promise<string> {
  return `woodshed:${await currentSchema(sql)}:projection-rebuild:${projectionName}:partition:${partition}`;
}
