import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { EventStore } from '../../events/store/event-store';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import type { TestSqlClient } from '../../events/store/testing/test-sql-clients';

/** The database and event store one test runs against. */
export interface ProjectionTestDatabase {
  sql: SqlClient;
  store: EventStore;
}

// Drops what a test left behind (log, registry, every generation's tables and views), so each
// test starts empty without paying for a new PGlite instance (seconds each).
const emptySchema = `
DO $$
DECLARE item record;
BEGIN
  FOR item IN SELECT viewname FROM pg_views WHERE schemaname = current_schema() LOOP
    EXECUTE format('DROP VIEW IF EXISTS %I CASCADE', item.viewname);
  END LOOP;
  FOR item IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I CASCADE', item.tablename);
  END LOOP;
END $$;
`;

/** Hooks giving each test of the `describe` an empty database and event store; returns its accessor. */
export function useProjectionTestDatabase(client: TestSqlClient): () => ProjectionTestDatabase {
  let sql: SqlClient | undefined;
  let store: EventStore | undefined;
  beforeAll(async () => {
    sql = await client.open();
  });
  beforeEach(async () => {
    await sql!.exec(emptySchema);
    store = await createPostgresEventStore(sql!, { pollIntervalMs: 50 });
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  afterAll(async () => {
    await sql?.close();
  });
  return () => {
    if (!sql || !store) throw new Error('The test database is only available inside a test');
    return { sql, store };
  };
}
