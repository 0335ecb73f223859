import { eventStoreMigrations } from './event-store-migrations';
import { runMigrations } from './migrations';
import type { SqlClient } from './sql-client';

/** Bring the event store's tables and function to this release's version; safe from several processes at once. */
export async function migrateEventStore(sql: SqlClient): Promise<void> {
  await runMigrations(sql, [eventStoreMigrations]);
}
