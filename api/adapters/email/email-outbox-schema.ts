import type { MigrationSet } from '../../../events/store/postgres/migrations';

/** E-mail written with the change that causes it, delivered by `email-delivery`; `body` sealed (outbox-cipher.ts), NULLed once SES has it. */
const outboxSchema = `
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

/**
 * The outbox's numbered migrations, run at start-up (api/storage/api-migrations.ts). Step 1 is the
 * DDL the table was created with lazily before numbered migrations, so it is adopted as it is.
 */
export const emailOutboxMigrations: MigrationSet = {
  name: 'email-outbox',
  migrations: [{ version: 1, name: 'email-outbox', sql: outboxSchema }],
};
