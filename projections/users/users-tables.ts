import { oneTableMigration } from '../table-ddl';

/** The read model's one table; queries read the view of this name, never a generation's table. */
export const usersTable = 'users';

/** Version 1: one row per account. A change is a new projection version, not an ALTER. */
export const usersMigration = oneTableMigration(usersTable, `
  user_id integer PRIMARY KEY,
  email text NOT NULL,
  registered_at timestamptz NOT NULL,
  last_signed_in_at timestamptz,
  sign_in_count integer NOT NULL DEFAULT 0,
  dismissed_tutorials text[] NOT NULL DEFAULT '{}',
  show_chords_preference boolean NOT NULL DEFAULT true,
  chord_instrument_preference text NOT NULL DEFAULT 'master',
  unsubscribed_announcements boolean NOT NULL DEFAULT false
`, { by_email: 'email' });
