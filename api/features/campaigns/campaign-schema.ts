import type { MigrationSet } from '../../../events/store/postgres/migrations';

/**
 * The campaign sender's own tables, the schedule a restart resumes from (no timer lives only in
 * memory). `campaign_schedule` is the one place a campaign's sending state is decided: commands
 * and the sender lock its row, so a pause that answered is never followed by a send.
 * `campaign_recipients` fixes who a campaign goes to when it is queued, in batch order.
 * `campaign_sends` is the send ledger: one row per (campaign, recipient), written in the same
 * transaction as the recipient's outbox message, so nobody is mailed twice or skipped.
 * `campaign_event_outbox` holds each campaign event written with the change it records, until it
 * is appended to the event log (campaign-event-outbox.ts).
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
