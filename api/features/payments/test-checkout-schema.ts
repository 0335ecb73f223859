import type { MigrationSet } from '../../../events/store/postgres/migrations';

/**
 * The local test checkout's own records (embedded default, no Stripe key): what Stripe would keep
 * for its sessions and subscriptions. Ordinary tables, not events: the payment events are the facts,
 * these stand in for the provider they come from.
 */
export const testCheckoutMigrations: MigrationSet = {
  name: 'test-checkout',
  migrations: [
    {
      version: 1,
      name: 'sessions-and-subscriptions',
      sql: `
CREATE TABLE test_checkout_sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL,
  mode text NOT NULL CHECK (mode IN ('payment', 'subscription')),
  plan text,
  credits integer,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete')),
  payment_intent_id text UNIQUE,
  subscription_id text,
  created_at timestamptz NOT NULL
);
CREATE TABLE test_checkout_subscriptions (
  id text PRIMARY KEY,
  user_id integer NOT NULL,
  plan text NOT NULL,
  status text NOT NULL,
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  ended_at timestamptz
);`,
    },
    {
      version: 2,
      name: 'subscription-renewal-events',
      // The provider event a renewal or an end still owes the payment handler (test-checkout-renewal-job.ts).
      sql: `ALTER TABLE test_checkout_subscriptions ADD COLUMN undelivered_event jsonb;`,
    },
  ],
};
