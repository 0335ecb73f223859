import { afterEach } from 'vitest';
import type { EventStore } from '../event-store';
import { type PostgresEventStoreOptions, createPostgresEventStore } from '../postgres/postgres-event-store';
import type { SqlClient } from '../postgres/sql-client';
import type { TestSqlClient } from './test-sql-clients';

/** Opens a test's database and event store; `closeStore` closes the store before the test ends. */
export interface StorePerTest {
  openSql(client: TestSqlClient): Promise<SqlClient>;
  openStore(sql: SqlClient, options?: PostgresEventStoreOptions): Promise<EventStore>;
  closeStore(): Promise<void>;
}

/**
 * For a describe block whose tests each open a database, and maybe an event store on it: after each
 * test, whichever is still open is closed, the store first, as it reads the database until it closes.
 */
export function storePerTest(): StorePerTest {
  let sql: SqlClient | undefined;
  let store: EventStore | undefined;
  const closeStore = async () => {
    await store?.close();
    store = undefined;
  };
  afterEach(async () => {
    await closeStore();
    await sql?.close();
    sql = undefined;
  });
  return {
    async openSql(client) {
      sql = await client.open();
      return sql;
    },
    async openStore(on, options) {
      store = await createPostgresEventStore(on, options);
      return store;
    },
    closeStore,
  };
}
