import type { GenerationTables } from '../runtime/projection-definition';
import { createTable } from '../table-ddl';

/** One row per user: the paid credits and what the user ever streamed; queries read the view of this name. */
export const creditAccountsTable = 'credit_accounts';
/** One row per user and billing month (UTC calendar month) the user streamed in. */
export const creditMonthsTable = 'credit_months';

export type CreditsTable = typeof creditAccountsTable | typeof creditMonthsTable;

/**
 * Version 1. `credit_accounts`: `paid_balance` pack credits left, `paid_spent` pack credits streamed,
 * `overdrawn_credits` streamed with no credits left (0 while enforcement holds), `subscriptions` each
 * subscription's `{ periodEnd, endedAt }` (was a stream Pro?), `position` the last event folded.
 * `credit_months`: `bytes_streamed` all bytes billed, `bytes_metered` those outside Pro,
 * `credits_used` metered bytes in credits (rounded up once per month), `paid_used` taken from packs.
 */
export function creditsMigration(tables: GenerationTables<CreditsTable>): string {
  return [
    createTable(tables[creditAccountsTable], `
  user_id integer PRIMARY KEY,
  paid_balance integer NOT NULL CHECK (paid_balance >= 0),
  paid_spent integer NOT NULL CHECK (paid_spent >= 0),
  overdrawn_credits integer NOT NULL CHECK (overdrawn_credits >= 0),
  bytes_streamed bigint NOT NULL CHECK (bytes_streamed >= 0),
  subscriptions jsonb NOT NULL,
  position text COLLATE "C" NOT NULL
`),
    createTable(tables[creditMonthsTable], `
  user_id integer NOT NULL,
  month date NOT NULL,
  bytes_streamed bigint NOT NULL CHECK (bytes_streamed >= 0),
  bytes_metered bigint NOT NULL CHECK (bytes_metered >= 0 AND bytes_metered <= bytes_streamed),
  credits_used integer NOT NULL CHECK (credits_used >= 0),
  paid_used integer NOT NULL CHECK (paid_used >= 0),
  PRIMARY KEY (user_id, month)
`),
  ].join('');
}
