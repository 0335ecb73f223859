/**
 * The little SQL surface the store, the projection runtime and the API share, so the same code
 * runs on PGlite (embedded) and on a PostgreSQL server (`pg`).
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface SqlExecutor {
  /** One parameterised statement ($1, $2, ...). */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
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
   * holder has it and `wait` is false.
   */
  withAdvisoryLock<T>(key: string, work: () => Promise<T>, options?: { wait?: boolean }): Promise<T | undefined>;
  /** Wake up `handler` on NOTIFY to `channel` (LISTEN). Returns the unlisten function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
