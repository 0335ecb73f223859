import type { EventStore } from './event-store';
import { createKurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { openPgliteSqlClient } from './postgres/pglite-sql-client';
import { openPgliteWorkerSqlClient } from './postgres/pglite-worker-sql-client';
import { openPgSqlClient } from './postgres/pg-sql-client';
import { createPostgresEventStore } from './postgres/postgres-event-store';
import type { SqlClient } from './postgres/sql-client';

/** Where Woodshed keeps its data (the running modes of README.md, "Running it"). */
export interface StorageConfig {
  /** PGlite's data directory, used when there is no `databaseUrl`. */
  dataDir: string;
  /** A PostgreSQL server for the read models (and the log, unless `kurrentdbUrl` is set). */
  databaseUrl?: string;
  /** Schema on that server to work in; default the connection's search_path. */
  databaseSchema?: string;
  /** KurrentDB holds the log when set; the SQL database then keeps the read models and checkpoints. */
  kurrentdbUrl?: string;
  /** Run PGlite off the calling thread (the app's, which serves HTTP); default false. */
  pgliteInWorker?: boolean;
}

/** The SQL database and the event store of one process, closed together. */
export interface Storage {
  sql: SqlClient;
  store: EventStore;
  close(): Promise<void>;
}

/** Open PGlite or the PostgreSQL server, and the event store on it or on KurrentDB. */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  const sql = config.databaseUrl
    ? await openPgSqlClient({ connectionString: config.databaseUrl, ...(config.databaseSchema ? { schema: config.databaseSchema } : {}) })
    : await (config.pgliteInWorker ? openPgliteWorkerSqlClient : openPgliteSqlClient)({ dataDir: config.dataDir });
  try {
    const store = config.kurrentdbUrl
      ? await createKurrentDbEventStore({ connectionString: config.kurrentdbUrl, checkpointSql: sql })
      : await createPostgresEventStore(sql);
    return {
      sql,
      store,
      async close() {
        await store.close();
        await sql.close();
      },
    };
  } catch (error) {
    await sql.close();
    throw error;
  }
}
