import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { mailingListMigration, mailingListTable } from './mailing-list-tables';

/** First subscription time per address. */
type MailingListChanges = Map<string, string>;

/** The newsletter's subscribers (landing page sign-up). */
export const mailingList = defineProjection({
  name: 'mailing-list',
  version: 1,
  eventTypes: ['MailingListSubscribed'],
  tables: [mailingListTable],
  migration: mailingListMigration,

  fold(events, changes: MailingListChanges = new Map()) {
    for (const event of events) {
      if (!changes.has(event.data.email)) changes.set(event.data.email, event.metadata.occurredAt);
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: MailingListChanges, tables) {
    if (changes.size === 0) return;
    await tx.query(
      `INSERT INTO ${tables[mailingListTable]} (email, subscribed_at)
       SELECT * FROM unnest($1::text[], $2::timestamptz[])
       ON CONFLICT (email) DO NOTHING`,
      [[...changes.keys()], [...changes.values()]],
    );
  },
});
