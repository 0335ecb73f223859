import type { SqlClient } from '../../events/store/postgres/sql-client';

/**
 * A function that creates the tables of `ddl` if missing, once per SqlClient: the first caller
 * runs the DDL, later callers share its promise. `name` keys the advisory lock
 * (`woodshed:<name>`), because concurrent CREATE ... IF NOT EXISTS from several processes can
 * still collide in the catalog; the lock serialises them. `ddl` must be idempotent.
 */
export function ensureSchemaOnce(name: string, ddl: string): (sql: SqlClient) => Promise<void> {
  const ensured = new WeakMap<SqlClient, Promise<void>>();
  return (sql) => {
    let done = ensured.get(sql);
    if (done === undefined) {
      done = sql.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`woodshed:${name}`]);
        await tx.exec(ddl);
      });
      // A failed attempt (database briefly away) is retried by the next caller.
      done.catch(() => ensured.delete(sql));
      ensured.set(sql, done);
    }
    return done;
  };
}
