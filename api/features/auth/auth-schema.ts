import type { MigrationSet } from '../../../events/store/postgres/migrations';

/**
 * Sign-in state in ordinary tables, never the event log (decision 0003); every secret is a keyed
 * hash (auth-keys.ts). accounts: one user per address, ids from 1 (the admin). sign_in_challenges:
 * the one live code + link per address. sign_in_requests: code requests of the last hour.
 * sign_in_failures: wrong codes per address per UTC day. sessions: one per browser, by token hash.
 * The `sign-in-sweep` job removes rows that no longer matter.
 */
const authSchema = `
CREATE SEQUENCE IF NOT EXISTS account_user_ids START 1;
CREATE TABLE IF NOT EXISTS accounts (
  user_id integer PRIMARY KEY,
  email text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  registered_at timestamptz
);
CREATE TABLE IF NOT EXISTS sign_in_challenges (
  email text PRIMARY KEY,
  challenge_id uuid NOT NULL,
  code_hash bytea NOT NULL,
  link_token_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS sign_in_requests (
  email text NOT NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_in_requests_by_email ON sign_in_requests (email, requested_at);
CREATE TABLE IF NOT EXISTS sign_in_failures (
  email text NOT NULL,
  day date NOT NULL,
  failures integer NOT NULL,
  PRIMARY KEY (email, day)
);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash bytea PRIMARY KEY,
  user_id integer NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id);
-- For the sign-in sweep (sign-in-sweep.ts): each batch finds its expired rows without a full scan.
CREATE INDEX IF NOT EXISTS sign_in_challenges_by_expiry ON sign_in_challenges (expires_at);
CREATE INDEX IF NOT EXISTS sign_in_requests_by_time ON sign_in_requests (requested_at);
CREATE INDEX IF NOT EXISTS sign_in_failures_by_day ON sign_in_failures (day);
CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at);
`;

/** The sign-in tables' migrations; step 1 is the DDL they were once created with lazily, adopted as is. */
export const signInMigrations: MigrationSet = {
  name: 'sign-in',
  migrations: [{ version: 1, name: 'accounts-challenges-requests-failures-sessions', sql: authSchema }],
};
