import type { Transaction } from '@electric-sql/pglite';
import { PgliteConnection } from './pglite-connection';
import { type PgliteLocation, closePgliteDatabase, inProcessAdvisoryLocks, openPgliteDatabase } from './pglite-database';
import type { QueryOptions, SqlClient, SqlExecutor } from './sql-client';

/**
 * A SqlClient over PGlite in the calling thread (tests and operator commands; the app uses the worker).
 * PGlite's one connection runs transactions exclusively, and advisory locks are in-process since no
 * other process can open the data directory.
 */
export async function openPgliteSqlClient(options: PgliteLocation = {}): Promise<SqlClient> {
  const { dataDir } = options;
  const db = await openPgliteDatabase(options);

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
