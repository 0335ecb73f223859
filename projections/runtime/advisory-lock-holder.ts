import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/** The server process holding advisory lock `key`, or null. PGlite's in-process locks never show. */
export async function advisoryLockHolder(db: SqlExecutor, key: string): Promise<number | null> {
  // A bigint advisory lock shows in pg_locks as its high (classid) and low (objid) 32 bits.
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND objsubid = 1
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint
     LIMIT 1`,
    [key],
  );
  const row = rows[0];
  return row ? Number(row.pid) : null;
}
