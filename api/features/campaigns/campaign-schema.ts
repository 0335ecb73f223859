import type { MigrationSet } from '../../../events/store/postgres/migrations';

/**
 * The campaign sender's tables, so a restart resumes (no timer lives only in memory).
 * campaign_schedule decides a campaign's sending state (commands and the sender lock its row);
 * campaign_recipients fixes the recipients when queued; campaign_sends is the ledger, written with
 * each outbox message so nobody is mailed twice; campaign_event_outbox holds events until appended.
 */
const schema = `
CREATE TABLE campaign_schedule (
  campaign_id serial PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('pending', 'sending', 'paused', 'canceled', 'completed')),
  subject text NOT NULL,
  html_body text NOT NULL,
  text_body text NOT NULL,
  target_audience text NOT NULL,
  total_recipients integer NOT NULL,
  next_batch_number integer NOT NULL DEFAULT 1,
  next_batch_at timestamptz NOT NULL,
  last_batch_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX campaign_schedule_due ON campaign_schedule (next_batch_at) WHERE state IN ('pending', 'sending');
CREATE TABLE campaign_recipients (
  campaign_id integer NOT NULL REFERENCES campaign_schedule (campaign_id),
  position integer NOT NULL,
  user_id integer NOT NULL,
  email text NOT NULL,
  PRIMARY KEY (campaign_id, position),
  UNIQUE (campaign_id, user_id)
);
CREATE TABLE campaign_sends (
  campaign_id integer NOT NULL REFERENCES campaign_schedule (campaign_id),
  user_id integer NOT NULL,
  batch_number integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('sent', 'unsubscribed')),
  decided_at timestamptz NOT NULL,
  PRIMARY KEY (campaign_id, user_id)
);
CREATE INDEX campaign_sends_by_batch ON campaign_sends (campaign_id, batch_number);
CREATE TABLE campaign_event_outbox (
  seq bigserial PRIMARY KEY,
  campaign_id integer NOT NULL,
  event jsonb NOT NULL,
  published_at timestamptz
);
CREATE INDEX campaign_event_outbox_unpublished ON campaign_event_outbox (seq) WHERE published_at IS NULL;
`;

export const campaignMigrations: MigrationSet = {
  name: 'email-campaigns',
  migrations: [{ version: 1, name: 'campaign-schedule-ledger-and-event-outbox', sql: schema }],
};
