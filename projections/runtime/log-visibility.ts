import type { EventStore } from '../../events/store/event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';

/** A transaction holding back what readers of the log may see (see `readLogVisibility`). */
export interface BlockingTransaction {
  /** Server process id: `SELECT pg_terminate_backend(pid)` ends it. */
  pid: number;
  ageSeconds: number;
  /** `pg_stat_activity.state`: `idle in transaction` is the usual culprit. */
  state: string | null;
  database: string | null;
  applicationName: string | null;
  /** Its last statement, shortened (null when the role may not see other sessions' queries). */
  query: string | null;
}

/** A prepared transaction holds its id with no session behind it: `pg_stat_activity` does not list it. */
export interface PreparedTransaction {
  /** `ROLLBACK PREPARED '<gid>'` (or `COMMIT PREPARED`) ends it. */
  gid: string;
  preparedAt: string;
  ageSeconds: number;
  /** The role that prepared it, and the database it belongs to (it can only be ended from there). */
  owner: string;
  database: string;
}

export interface LogVisibility {
  /** Events committed but at or above the oldest running transaction id, where readers stop. */
  invisibleEvents: number;
  /** The oldest running transaction holding an id, once it is older than the threshold; else null. */
  blockingTransaction: BlockingTransaction | null;
  /** The oldest prepared transaction, once it is older than the threshold; else null. */
  preparedTransaction: PreparedTransaction | null;
}

export const defaultBlockingAfterMs = 10_000;

const maxQueryLength = 200;

/**
 * How many committed events an open transaction (anywhere in the cluster) holds back from readers, and
 * which. Null when the log is elsewhere (KurrentDB); always 0 on PGlite.
 */
export async function readLogVisibility(
  sql: SqlClient,
  store: EventStore,
  options: { blockingAfterMs?: number } = {},
): Promise<LogVisibility | null> {
  const invisibleEvents = await countInvisibleEvents(sql, store);
  if (invisibleEvents === null) return null;
  if (sql.kind !== 'postgres') return { invisibleEvents, blockingTransaction: null, preparedTransaction: null };
  const afterMs = options.blockingAfterMs ?? defaultBlockingAfterMs;
  return {
    invisibleEvents,
    blockingTransaction: await oldestTransaction(sql, afterMs),
    preparedTransaction: await oldestPreparedTransaction(sql, afterMs),
  };
}

/** Null when the log is not in this SQL database. */
export async function countInvisibleEvents(sql: SqlClient, store: EventStore, types?: readonly string[]): Promise<number | null> {
  if (store.kind !== sql.kind) return null;
  // The events table's (tx_id, global_position) index finds them; there are few unless blocked.
  const { rows } = await sql.query<{ invisible: string }>(
    `SELECT count(*) AS invisible FROM events
     WHERE tx_id >= pg_snapshot_xmin(pg_current_snapshot()) AND ($1::text[] IS NULL OR type = ANY ($1::text[]))`,
    [types ?? null],
  );
  return Number(rows[0]?.invisible ?? 0);
}

/** The session whose transaction id sets every snapshot's xmin, when older than `afterMs`. */
async function oldestTransaction(sql: SqlClient, afterMs: number): Promise<BlockingTransaction | null> {
  const { rows } = await sql.query<{
    pid: number;
    age_seconds: number | string;
    state: string | null;
    datname: string | null;
    application_name: string | null;
    query: string | null;
  }>(
    `SELECT pid, extract(epoch FROM clock_timestamp() - xact_start)::float8 AS age_seconds, state, datname, application_name, left(query, $1) AS query
     FROM pg_stat_activity
     WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()
     ORDER BY age(backend_xid) DESC
     LIMIT 1`,
    [maxQueryLength],
  );
  const row = rows[0];
  if (!row) return null;
  const ageSeconds = Number(row.age_seconds);
  if (!(ageSeconds * 1000 >= afterMs)) return null;
  return {
    pid: Number(row.pid),
    ageSeconds: Math.round(ageSeconds * 10) / 10,
    state: row.state,
    database: row.datname,
    applicationName: row.application_name || null,
    query: row.query,
  };
}

/** The cluster's oldest prepared transaction, when prepared longer than `afterMs` ago. */

export async function oldestPreparedTransaction(sql: SqlExecutor, afterMs: number): Promise<PreparedTransaction | null> {
  const { rows } = await sql.query<{ gid: string; prepared: Date | string; age_seconds: number | string; owner: string; database: string }>(
    `SELECT gid, prepared, extract(epoch FROM clock_timestamp() - prepared)::float8 AS age_seconds, owner::text AS owner, database::text AS database
     FROM pg_prepared_xacts
     ORDER BY age(transaction) DESC
     LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return null;
  const ageSeconds = Number(row.age_seconds);
  if (!(ageSeconds * 1000 >= afterMs)) return null;
  return {
    gid: row.gid,
    preparedAt: new Date(row.prepared).toISOString(),
    ageSeconds: Math.round(ageSeconds * 10) / 10,
    owner: row.owner,
    database: row.database,
  };
}
