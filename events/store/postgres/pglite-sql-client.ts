import type { PGlite, Transaction } from '@electric-sql/pglite';
import { closePgliteDatabase, inProcessAdvisoryLocks, openPgliteDatabase, toQueryResult } from './pglite-database';
import type { QueryResult, SqlClient, SqlExecutor } from './sql-client';

/** Where PGlite keeps its data; without `dataDir` the database lives in memory only. */
export interface PgliteSqlClientOptions {
  dataDir?: string;
}

/**
 * A SqlClient over embedded PGlite in the calling thread. PGlite is one connection: it already
 * runs a transaction exclusively (other queries of this process wait until it ends), so nothing
 * interleaves with it. Advisory locks are in-process, since no other process can open the same
 * data directory. The app runs PGlite in a worker instead (`pglite-worker-sql-client.ts`); tests
 * and the operator commands run it here.
 */
export async function openPgliteSqlClient(options: PgliteSqlClientOptions = {}): Promise<SqlClient> {
  const { dataDir } = options;
  const db = await openPgliteDatabase(dataDir);

  const executor = (target: PGlite | Transaction): SqlExecutor => ({
    async query<Row>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      return toQueryResult(await target.query<Row>(text, params ? [...params] : undefined));
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...executor(db),
    transaction: (work) => db.transaction((tx) => work(executor(tx))),
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
