import { oneTableMigration } from '../table-ddl';

/** One row per provider subscription: when its access began, how far it was paid, when it ended. */
export const subscriptionSpansTable = 'subscription_spans';

/**
 * Version 1. `started_at` is the first paid period's start (the earliest period the log names),
 * `paid_until` the end of the latest period paid for, `ended_at` the earliest end the log states.
 * Unlike the subscriptions read model (the current period only), this says whether a subscription
 * had access at any past instant, which the churn rate's window start needs.
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
