import { oneTableMigration } from '../table-ddl';

/** One row per provider subscription; queries read the view of this name. */
export const subscriptionsTable = 'subscriptions';

/** Version 1. Access is computed from `current_period_end` when asked, never stored; `ended` is final. */
export const subscriptionsMigration = oneTableMigration(subscriptionsTable, `
  provider text NOT NULL,
  provider_subscription_id text NOT NULL,
  user_id integer NOT NULL,
  plan text,
  status text NOT NULL DEFAULT 'active',
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_requested boolean NOT NULL DEFAULT false,
  ended_at timestamptz,
  position text COLLATE "C" NOT NULL,
  PRIMARY KEY (provider, provider_subscription_id)
`, { by_user: 'user_id' });
