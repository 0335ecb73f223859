import { type ChordInstrument, type TutorialName, chordInstruments, tutorialNames } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { usersTable } from './users-tables';

/** One account as the read model knows it. */
export interface UserRecord {
  id: number;
  email: string;
  registeredAt: Date;
  lastSignedInAt: Date | null;
  signInCount: number;
  dismissedTutorials: readonly TutorialName[];
  showChordsPreference: boolean;
  chordInstrumentPreference: ChordInstrument;
  unsubscribedAnnouncements: boolean;
}

interface UserRow {
  user_id: number;
  email: string;
  registered_at: Date | string;
  last_signed_in_at: Date | string | null;
  sign_in_count: number;
  dismissed_tutorials: string[];
  show_chords_preference: boolean;
  chord_instrument_preference: string;
  unsubscribed_announcements: boolean;
}

const columns = `user_id, email, registered_at, last_signed_in_at, sign_in_count, dismissed_tutorials,
  show_chords_preference, chord_instrument_preference, unsubscribed_announcements`;

/** The account with this id, or null when the read model has none (yet). */
export async function findUser(sql: SqlExecutor, userId: number): Promise<UserRecord | null> {
  const { rows } = await sql.query<UserRow>(`SELECT ${columns} FROM ${usersTable} WHERE user_id = $1`, [userId]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** The account with this (normalised) address, or null. */
export async function findUserByEmail(sql: SqlExecutor, email: string): Promise<UserRecord | null> {
  const { rows } = await sql.query<UserRow>(`SELECT ${columns} FROM ${usersTable} WHERE email = $1 ORDER BY user_id LIMIT 1`, [email]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** How many accounts exist. */
export async function countUsers(sql: SqlExecutor): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>(`SELECT count(*) AS count FROM ${usersTable}`);
  return Number(rows[0]?.count ?? 0);
}

function toUser(row: UserRow): UserRecord {
  return {
    id: Number(row.user_id),
    email: row.email,
    registeredAt: new Date(row.registered_at),
    lastSignedInAt: row.last_signed_in_at === null ? null : new Date(row.last_signed_in_at),
    signInCount: Number(row.sign_in_count),
    dismissedTutorials: tutorialNames.filter((name) => row.dismissed_tutorials.includes(name)),
    showChordsPreference: row.show_chords_preference,
    // The projection only ever writes catalogue values; anything else reads as the default.
    chordInstrumentPreference: (chordInstruments as readonly string[]).includes(row.chord_instrument_preference)
      ? (row.chord_instrument_preference as ChordInstrument)
      : 'master',
    unsubscribedAnnouncements: row.unsubscribed_announcements,
  };
}
