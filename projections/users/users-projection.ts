import { assertNever, type ChordInstrument, type TutorialName } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { usersMigration, usersTable } from './users-tables';

/** What one batch changes of one user's row; absent fields keep their value. */
interface UserChange {
  userId: number;
  /** Present when the account was created in this batch. */
  email?: string;
  registeredAt?: string;
  lastSignedInAt?: string;
  signIns: number;
  dismissed: TutorialName[];
  showChords?: boolean;
  chordInstrument?: ChordInstrument;
  unsubscribed?: boolean;
}

type UsersChanges = Map<number, UserChange>;

/** Accounts: address, tutorials, preferences, announcements, registration and last sign-in. */
export const users = defineProjection({
  name: 'users',
  version: 1,
  eventTypes: [
    'UserRegistered',
    'UserSignedIn',
    'TutorialDismissed',
    'UserPreferencesChanged',
    'AnnouncementsUnsubscribed',
    'AnnouncementsResubscribed',
  ],
  tables: [usersTable],
  migration: usersMigration,

  fold(events, changes: UsersChanges = new Map()) {
    const changeOf = (userId: number): UserChange => {
      let change = changes.get(userId);
      if (!change) {
        change = { userId, signIns: 0, dismissed: [] };
        changes.set(userId, change);
      }
      return change;
    };
    for (const event of events) {
      const change = changeOf(event.data.userId);
      switch (event.type) {
        case 'UserRegistered':
          change.email = event.data.email;
          change.registeredAt = event.metadata.occurredAt;
          break;
        case 'UserSignedIn':
          change.signIns += 1;
          if (change.lastSignedInAt === undefined || Date.parse(event.metadata.occurredAt) > Date.parse(change.lastSignedInAt)) {
            change.lastSignedInAt = event.metadata.occurredAt;
          }
          break;
        case 'TutorialDismissed':
          if (!change.dismissed.includes(event.data.tutorial)) change.dismissed.push(event.data.tutorial);
          break;
        case 'UserPreferencesChanged':
          if (event.data.showChordsPreference !== undefined) change.showChords = event.data.showChordsPreference;
          if (event.data.chordInstrumentPreference !== undefined) change.chordInstrument = event.data.chordInstrumentPreference;
          break;
        case 'AnnouncementsUnsubscribed':
          change.unsubscribed = true;
          break;
        case 'AnnouncementsResubscribed':
          change.unsubscribed = false;
          break;
        default:
          assertNever(event);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: UsersChanges, tables) {
    const table = tables[usersTable];
    const toRecord = (change: UserChange) => ({
      user_id: change.userId,
      email: change.email ?? null,
      registered_at: change.registeredAt ?? null,
      last_signed_in_at: change.lastSignedInAt ?? null,
      sign_ins: change.signIns,
      dismissed: change.dismissed,
      show_chords: change.showChords ?? null,
      chord_instrument: change.chordInstrument ?? null,
      unsubscribed: change.unsubscribed ?? null,
    });
    const registrations = [...changes.values()].filter((change) => change.email !== undefined).map(toRecord);
    const updates = [...changes.values()].filter((change) => change.email === undefined).map(toRecord);
    const input = `jsonb_to_recordset($1::jsonb) AS c(user_id integer, email text, registered_at timestamptz,
      last_signed_in_at timestamptz, sign_ins integer, dismissed text[], show_chords boolean, chord_instrument text, unsubscribed boolean)`;
    // Accounts created in this batch, with whatever else the batch did to them.
    if (registrations.length > 0) {
      await tx.query(
        `INSERT INTO ${table} AS u (user_id, email, registered_at, last_signed_in_at, sign_in_count, dismissed_tutorials,
           show_chords_preference, chord_instrument_preference, unsubscribed_announcements)
         SELECT c.user_id, c.email, c.registered_at, c.last_signed_in_at, c.sign_ins,
           ARRAY(SELECT DISTINCT t FROM unnest(c.dismissed) AS t ORDER BY t),
           coalesce(c.show_chords, true), coalesce(c.chord_instrument, 'master'), coalesce(c.unsubscribed, false)
         FROM ${input}
         ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, registered_at = excluded.registered_at`,
        [JSON.stringify(registrations)],
      );
    }
    if (updates.length > 0) {
      await tx.query(
        `UPDATE ${table} AS u SET
           last_signed_in_at = greatest(u.last_signed_in_at, c.last_signed_in_at),
           sign_in_count = u.sign_in_count + c.sign_ins,
           dismissed_tutorials = ARRAY(SELECT DISTINCT t FROM unnest(u.dismissed_tutorials || c.dismissed) AS t ORDER BY t),
           show_chords_preference = coalesce(c.show_chords, u.show_chords_preference),
           chord_instrument_preference = coalesce(c.chord_instrument, u.chord_instrument_preference),
           unsubscribed_announcements = coalesce(c.unsubscribed, u.unsubscribed_announcements)
         FROM ${input}
         WHERE u.user_id = c.user_id`,
        [JSON.stringify(updates)],
      );
    }
  },
});
