/**
 * The API's tables as the release before numbered migrations created them, lazily on first use
 * (copied from that release: api/features/auth/auth-schema.ts, api/rate-limits/rate-limit-schema.ts,
 * api/adapters/email/email-outbox-schema.ts). Never edit: it is what a database in the field holds.
 */
export const tablesBeforeNumberedMigrations = `
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

CREATE TABLE IF NOT EXISTS request_rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX IF NOT EXISTS request_rate_limits_by_window ON request_rate_limits (window_start);

CREATE TABLE IF NOT EXISTS email_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body bytea,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
);
CREATE INDEX IF NOT EXISTS email_outbox_due ON email_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX IF NOT EXISTS email_outbox_by_recipient ON email_outbox (to_address, id DESC);
`;
