import type { EventStore } from '../../events/store/event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';

/** A transaction holding back what readers of the log may see (see `readLogVisibility`). */
export interface BlockingTransaction {
  /** Server process id: `SELECT pg_terminate_backend(pid)` ends it. */
  pid: number;
  /** Seconds since the transaction began. */
  ageSeconds: number;
  /** `pg_stat_activity.state`: `idle in transaction` is the usual culprit. */
  state: string | null;
  database: string | null;
  applicationName: string | null;
  /** Its last statement, shortened (null when the role may not see other sessions' queries). */
  query: string | null;
}

/**
 * A prepared transaction (`PREPARE TRANSACTION`, two-phase commit) holds its id until someone
 * commits or rolls it back, with no session behind it: `pg_stat_activity` does not list it.
 */
export interface PreparedTransaction {
  /** `ROLLBACK PREPARED '<gid>'` (or `COMMIT PREPARED`) ends it. */
  gid: string;
  /** When it was prepared (ISO 8601). */
  preparedAt: string;
  /** Seconds since it was prepared. */
  ageSeconds: number;
  /** The role that prepared it, and the database it belongs to (it can only be ended from there). */
  owner: string;
  database: string;
}

/** Whether readers of the log are held back, and by what. */
export interface LogVisibility {
  /**
   * Events committed but not yet visible to readers: at or above the oldest transaction id still
   * running on the server, below which readers stop so that a late commit is never skipped.
   */
  invisibleEvents: number;
  /** The oldest running transaction holding an id, once it is older than the threshold; else null. */
  blockingTransaction: BlockingTransaction | null;
  /** The oldest prepared transaction, once it is older than the threshold; else null. */
  preparedTransaction: PreparedTransaction | null;
}

/** How old the oldest transaction must be before it is reported; default 10 s. */
export const defaultBlockingAfterMs = 10_000;

const maxQueryLength = 200;

/**
 * Readers of the PostgreSQL log see only events below `pg_snapshot_xmin(pg_current_snapshot())`
 * (read-log.ts): one transaction that holds an id and stays open (idle in transaction, a stuck
 * client, a long migration, a prepared transaction nobody finished), in any database of the
 * cluster, freezes every reader while appends go on committing. Lag, which counts visible events, then reads 0. This reports the truth: how
 * many committed events readers cannot see yet, and which transaction holds them back.
 *
 * Null when the log is not in this SQL database (KurrentDB). On PGlite there is one connection: a
 * transaction runs alone and a reader waits for it instead of reading past it, so nothing is ever
 * committed-but-invisible and no other session can block; it reports 0 and no transaction.
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

/**
 * Events (of `types`, or of any type) committed but not yet visible to readers; null when the log
 * is not in this SQL database.
 */
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

/**
 * The session whose transaction id is the oldest still running (so it sets every snapshot's xmin),
 * when its transaction is older than `afterMs`. Transactions without an id (read-only ones) hold
 * back no reader and are not considered.
 */
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

/**
 * The oldest prepared transaction of the cluster (`pg_prepared_xacts` lists those of every
 * database), when it was prepared longer than `afterMs` ago. Only a server with
 * `max_prepared_transactions` above 0 can have one.
 */
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
