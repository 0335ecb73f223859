import { afterAll, beforeAll } from 'vitest';
import { createPostgresEventStore } from '../postgres/postgres-event-store';
import type { SqlClient } from '../postgres/sql-client';
import type { PostgresEventStore } from '../postgres/trimmed-log-reader';
import type { TestSqlClient } from './test-sql-clients';

/** A suite's database and the event store on it; both are set before its first test runs. */
export interface SuiteStore {
  sql: SqlClient;
  store: PostgresEventStore;
}

/**
 * For a describe block whose tests share one database and event store: opened before the block's
 * own beforeAll hooks run (so they may fill the log), closed after its last test, the store first,
 * as it reads the database until it closes.
 */
export function storePerSuite(client: TestSqlClient): SuiteStore {
  const opened = {} as SuiteStore;
  beforeAll(async () => {
    opened.sql = await client.open();
    opened.store = await createPostgresEventStore(opened.sql);
  });
  afterAll(async () => {
    await opened.store?.close();
    await opened.sql?.close();
  });
  return opened;
}
