import { ensureSchemaOnce } from '../../storage/ensure-schema-once';

/**
 * The outbox: e-mail written in the same transaction as the change that causes it, delivered by
 * the `email-delivery` job. `body` is sealed (outbox-cipher.ts); it is set to NULL once SES has
 * the message, and kept in the local outbox for the dev mailbox.
 */
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

/** Create the outbox table if missing: once per client, safe from several processes at once. */
export const ensureEmailOutboxSchema = ensureSchemaOnce('email-outbox-schema', outboxSchema);
