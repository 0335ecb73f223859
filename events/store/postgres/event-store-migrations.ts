import { createLogAndAppendFunction } from './event-store-migrations/v1-create-log-and-append-function';
import { streamOrderByTransaction } from './event-store-migrations/v2-stream-order-by-transaction';
import { ownerPartition } from './event-store-migrations/v3-owner-partition';
import type { MigrationSet } from './migrations';

/**
 * The event store's tables and `append_events` (the contract is in ../event-store.ts), one
 * numbered step at a time. Step 1 is the DDL the store ran before numbered migrations, so a
 * database of that release is adopted as it is.
 */
export const eventStoreMigrations: MigrationSet = {
  name: 'event-store',
  migrations: [createLogAndAppendFunction, streamOrderByTransaction, ownerPartition],
};
