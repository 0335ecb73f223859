import { oneTableMigration } from '../table-ddl';

/** One row per provider subscription: when its access began, how far it was paid, when it ended. */
export const subscriptionSpansTable = 'subscription_spans';

/**
 * Version 1: each subscription's first paid start, `paid_until` and earliest stated end, so the churn
 * rate can tell whether it had access at any past instant.
 */
export const subscriptionSpansMigration = oneTableMigration(subscriptionSpansTable, `
  provider text NOT NULL,
  provider_subscription_id text NOT NULL,
  user_id integer NOT NULL,
  started_at timestamptz,
  paid_until timestamptz,
  ended_at timestamptz,
  PRIMARY KEY (provider, provider_subscription_id)
`);
