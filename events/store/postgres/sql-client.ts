/** The SQL surface shared by the store, the projections and the API, on PGlite and on a server. */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface QueryOptions {
  /** Keep the statement prepared under this name on each connection; one name per text that never changes. */
  name?: string;
}

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>>;
  exec(sql: string): Promise<void>;
}

/** The session holding an advisory lock, as `work` sees it. */
export interface AdvisoryLockSession {
  /** Aborted once the lock's session is known gone (errored, ended, or silent and confirmed so): the lock may be someone else's. */
  readonly signal: AbortSignal;
  /** The lock session's `pg_locks.pid`, for commit fences on other connections; null on PGlite (locks cannot be lost). */
  readonly backendPid: number | null;
  /**
   * Take one more advisory lock on this same session (waiting for it, or not with `wait: false`):
   * a worker that locks many keys one after another needs no session per key. Answers its release,
   * or undefined when another holds it; every lock goes when the session ends.
   */
  hold(key: string, options?: { wait?: boolean }): Promise<(() => Promise<void>) | undefined>;
}

export interface AdvisoryLockOptions {
  /** Wait for the lock (default) or give up at once when another session holds it. */
  wait?: boolean;
  checkEveryMs?: number;
}

export interface SqlClient extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Hold a session advisory lock while `work` runs (undefined if taken and not `wait`); loss shows on `lock.signal`. */
  withAdvisoryLock<T>(key: string, work: (lock: AdvisoryLockSession) => Promise<T>, options?: AdvisoryLockOptions): Promise<T | undefined>;
  /** LISTEN; returns the unlisten function. */

  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
