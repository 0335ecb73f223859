/**
 * The little SQL surface the store, the projection runtime and the API share, so the same code
 * runs on PGlite (embedded) and on a PostgreSQL server (`pg`).
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** How to run one statement. */
export interface QueryOptions {
  /**
   * Keep the statement prepared under this name on each connection (a server's, PGlite's one), so
   * later runs skip its parse and plan (a hot statement: the credit check of every stem HEAD). One
   * name per text, and only for a text that never changes.
   */
  name?: string;
}

export interface SqlExecutor {
  /** One parameterised statement ($1, $2, ...). */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The session holding an advisory lock, as `work` sees it. */
export interface AdvisoryLockSession {
  /**
   * Aborted as soon as the lock's session is known to be gone: its connection errored or ended, or
   * it did not answer the periodic check (counted in this process's running time, so a stalled
   * event loop is not taken for a silent session) and the server, asked on another connection,
   * shows it holding no lock or does not answer either. The lock may then belong to someone else.
   */
  readonly signal: AbortSignal;
  /**
   * The server process id of the lock's session (`pg_locks.pid`), so a transaction on another
   * connection can check that the lock is still held before it commits; null on PGlite, whose
   * locks are in-process and cannot be lost.
   */
  readonly backendPid: number | null;
}

export interface AdvisoryLockOptions {
  /** Wait for the lock (default) or give up at once when another session holds it. */
  wait?: boolean;
  /** How often the lock's session is asked whether it is alive; default 5,000 ms. */
  checkEveryMs?: number;
}

export interface SqlClient extends SqlExecutor {
  /** `pglite` or `postgres`. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Run `work` in one transaction on one connection; commits when it resolves, rolls back when it
   * throws (and rethrows).
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Hold a session-level advisory lock on a dedicated connection while `work` runs (one active
   * instance per job across processes). Resolves `undefined` without running `work` when another
   * holder has it and `wait` is false. The lock lives as long as its session: when that connection
   * dies (terminated, network lost) another process can take the lock at once, so `work` is told
   * through `lock.signal` and must stop (and fence its commits with `lock.backendPid`).
   */
  withAdvisoryLock<T>(key: string, work: (lock: AdvisoryLockSession) => Promise<T>, options?: AdvisoryLockOptions): Promise<T | undefined>;
  /** Wake up `handler` on NOTIFY to `channel` (LISTEN). Returns the unlisten function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
