import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { emailSuppressionsMigration, emailSuppressionsTable } from './email-suppressions-tables';

export type SuppressionReason = 'bounce' | 'complaint';

/** The first suppressing report per address in a batch. */
type SuppressionChanges = Map<string, { reason: SuppressionReason; since: string }>;

/** Addresses campaign mail skips (a permanent bounce or a complaint); the first report wins. */
export const emailSuppressions = defineProjection({
  name: 'email-suppressions',
  version: 1,
  eventTypes: ['EmailBounced', 'EmailComplained'],
  tables: [emailSuppressionsTable],
  migration: emailSuppressionsMigration,

  fold(events, changes: SuppressionChanges = new Map()) {
    for (const event of events) {
      if (event.type === 'EmailBounced' && event.data.bounceType !== 'Permanent') continue;
      if (changes.has(event.data.email)) continue;
      changes.set(event.data.email, { reason: event.type === 'EmailBounced' ? 'bounce' : 'complaint', since: event.data.at });
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: SuppressionChanges, tables) {
    if (changes.size === 0) return;
    const rows = [...changes];
    await tx.query(
      `INSERT INTO ${tables[emailSuppressionsTable]} (email, reason, since)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
       ON CONFLICT (email) DO NOTHING`,
      [rows.map(([email]) => email), rows.map(([, row]) => row.reason), rows.map(([, row]) => row.since)],
    );
  },
});
