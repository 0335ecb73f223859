import { subscriptionEventTypes } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { userEventsMigration, userEventsTable } from './user-event-history-tables';

/** Event types whose data names a user; adding one bumps the version so the history is rebuilt. */
export const userEventTypes = [
  'UserRegistered',
  'UserSignedIn',
  'UserSignedOut',
  'TutorialDismissed',
  'UserPreferencesChanged',
  'AnnouncementsUnsubscribed',
  'AnnouncementsResubscribed',
  'SongStarred',
  'SongUnstarred',
  'SongPlayed',
  'SongMetadataEdited',
  'SongGenreEdited',
  'SongDetailsEditedForUser',
  'SongBpmDetected',
  'SongPresetSaved',
  'SongPresetReset',
  'StemStreamed',
  'CreditsPurchased',
  'CreditsRefunded',
  'CreditsAdjusted',
  ...subscriptionEventTypes,
] as const;

export type UserEventType = (typeof userEventTypes)[number];

interface UserEventRow {
  user_id: number;
  position: string;
  event_id: string;
  type: string;
  occurred_at: string;
  actor_user_id: number | null;
  data: unknown;
}

/** Each event about a user, decoded, in log order; re-inserting one changes nothing. */
export const userEventHistory = defineProjection({
  name: 'user-event-history',
  // 2: SongDetailsEditedForUser.
  version: 2,
  eventTypes: userEventTypes,
  tables: [userEventsTable],
  migration: userEventsMigration,

  fold(events, rows: UserEventRow[] = []) {
    for (const event of events) {
      rows.push({
        user_id: event.data.userId,
        position: event.position,
        event_id: event.metadata.eventId,
        type: event.type,
        occurred_at: event.metadata.occurredAt,
        actor_user_id: event.metadata.userId,
        data: event.data,
      });
    }
    return rows;
  },

  async apply(tx: SqlExecutor, rows: UserEventRow[], tables) {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO ${tables[userEventsTable]} (user_id, position, event_id, type, occurred_at, actor_user_id, data)
       SELECT user_id, position, event_id, type, occurred_at, actor_user_id, data
       FROM jsonb_to_recordset($1::jsonb) AS r(user_id integer, position text, event_id uuid, type text,
         occurred_at timestamptz, actor_user_id integer, data jsonb)
       ON CONFLICT (user_id, position) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  },
});
