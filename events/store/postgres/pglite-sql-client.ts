import type { Transaction } from '@electric-sql/pglite';
import { PgliteConnection } from './pglite-connection';
import { closePgliteDatabase, inProcessAdvisoryLocks, openPgliteDatabase } from './pglite-database';
import type { QueryOptions, SqlClient, SqlExecutor } from './sql-client';

/** Where PGlite keeps its data; without `dataDir` the database lives in memory only. */
export interface PgliteSqlClientOptions {
  dataDir?: string;
}

/**
 * A SqlClient over embedded PGlite in the calling thread. PGlite is one connection, which runs a
 * transaction exclusively (other queries of this process wait until it ends: `PgliteConnection`),
 * so nothing interleaves with it. Advisory locks are in-process, since no other process can open the same
 * data directory. The app runs PGlite in a worker instead (`pglite-worker-sql-client.ts`); tests
 * and the operator commands run it here.
 */
export async function openPgliteSqlClient(options: PgliteSqlClientOptions = {}): Promise<SqlClient> {
  const { dataDir } = options;
  const db = await openPgliteDatabase(dataDir);

  const connection = new PgliteConnection(db);
  const executor = (tx: Transaction | null): SqlExecutor => ({
    query: <Row>(text: string, params?: readonly unknown[], options?: QueryOptions) =>
      tx === null ? connection.query<Row>(text, params, options?.name) : connection.queryIn<Row>(tx, text, params, options?.name),
    async exec(sql: string): Promise<void> {
      await (tx === null ? connection.exec(sql) : tx.exec(sql));
    },
  });

  return {
    kind: 'pglite',
    ...executor(null),
    transaction: (work) => connection.transaction((tx) => work(executor(tx))),
    withAdvisoryLock: inProcessAdvisoryLocks(),
    async listen(channel, handler) {
      const unlisten = await db.listen(channel, handler);
      return async () => {
        if (!db.closed) await unlisten();
      };
    },
    close: () => closePgliteDatabase(db, dataDir),
  };
}
