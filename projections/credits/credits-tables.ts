import type { GenerationTables } from '../runtime/projection-definition';
import { createTable } from '../table-ddl';

/** One row per user: the paid credits and what the user ever streamed; queries read the view of this name. */
export const creditAccountsTable = 'credit_accounts';
/** One row per user and billing month (UTC calendar month) the user streamed in. */
export const creditMonthsTable = 'credit_months';

export type CreditsTable = typeof creditAccountsTable | typeof creditMonthsTable;

/**
 * Version 1 of the credits read model.
 *
 * `credit_accounts`: `paid_balance` are the pack credits left (never below 0), `paid_spent` those
 * streamed away (so a user's paid total is their sum), `overdrawn_credits` what was streamed
 * when neither free nor paid credits were left (metering outran enforcement; 0 when enforcement
 * holds), `subscriptions` the access periods of the user's subscriptions (`{ periodEnd, endedAt }`
 * by provider subscription), which say whether a stream was Pro when it started, and `position`
 * the log position of the last event folded for the user (a settled credit reservation is dropped
 * once this has passed its StemStreamed event).
 *
 * `credit_months`: `bytes_streamed` are every byte billed to the month (Pro included),
 * `bytes_metered` those outside Pro, `credits_used` the month's metered bytes in credits (rounded
 * up once, over the month's total), `paid_used` the part of them taken from packs.
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
