import { assertNever, subscriptionEventTypes } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { subscriptionsMigration, subscriptionsTable } from './subscriptions-tables';

/** The columns an event sets (snake_case, as stored); absent keys keep their value. */
interface SubscriptionColumns {
  plan: 'monthly' | 'yearly';
  status: 'active' | 'past_due' | 'ended';
  current_period_start: string;
  current_period_end: string;
  cancel_requested: boolean;
  ended_at: string;
}

interface SubscriptionChange {
  provider: string;
  providerSubscriptionId: string;
  userId: number;
  patch: Partial<SubscriptionColumns>;
  position: string;
}

/** Changes of one batch, per `provider:providerSubscriptionId`. */
export type SubscriptionsChanges = Map<string, SubscriptionChange>;

/** Each user's subscriptions (is this user Pro now?). An ended subscription stays ended. */
export const subscriptions = defineProjection({
  name: 'subscriptions',
  version: 1,
  eventTypes: subscriptionEventTypes,
  tables: [subscriptionsTable],
  migration: subscriptionsMigration,

  fold(events, changes: SubscriptionsChanges = new Map()) {
    for (const event of events) {
      const { provider, providerSubscriptionId, userId } = event.data;
      const key = `${provider}:${providerSubscriptionId}`;
      let change = changes.get(key);
      if (!change) {
        change = { provider, providerSubscriptionId, userId, patch: {}, position: event.position };
        changes.set(key, change);
      }
      change.position = event.position;
      const patch = change.patch;
      const ended = patch.status === 'ended';
      switch (event.type) {
        case 'SubscriptionStarted':
        case 'SubscriptionRenewed':
          Object.assign(patch, {
            plan: event.data.plan,
            current_period_start: event.data.currentPeriodStart,
            current_period_end: event.data.currentPeriodEnd,
            // A paid period means the subscription goes on: an earlier cancellation was withdrawn.
            cancel_requested: false,
          });
          if (!ended) patch.status = 'active';
          break;
        case 'SubscriptionCancellationRequested':
          patch.cancel_requested = true;
          break;
        case 'SubscriptionCancellationWithdrawn':
          patch.cancel_requested = false;
          break;
        case 'SubscriptionPastDue':
          if (!ended) patch.status = 'past_due';
          break;
        case 'SubscriptionEnded':
          patch.status = 'ended';
          patch.ended_at = event.data.endedAt;
          break;
        default:
          assertNever(event);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: SubscriptionsChanges, tables) {
    if (changes.size === 0) return;
    const table = tables[subscriptionsTable];
    const rows = JSON.stringify(
      [...changes.values()].map((change) => ({
        provider: change.provider,
        provider_subscription_id: change.providerSubscriptionId,
        user_id: change.userId,
        patch: change.patch,
        position: change.position,
      })),
    );
    const recordset = `jsonb_to_recordset($1::jsonb) AS c(provider text, provider_subscription_id text, user_id integer, patch jsonb, position text)`;
    // A subscription first seen in this batch gets a bare row, then every row takes its patch.
    await tx.query(
      `INSERT INTO ${table} (provider, provider_subscription_id, user_id, position)
       SELECT provider, provider_subscription_id, user_id, position FROM ${recordset}
       ON CONFLICT (provider, provider_subscription_id) DO NOTHING`,
      [rows],
    );
    const typed = (column: string, type: string) => `CASE WHEN c.patch ? '${column}' THEN (c.patch->>'${column}')::${type} ELSE s.${column} END`;
    await tx.query(
      `UPDATE ${table} AS s SET
         plan = ${typed('plan', 'text')},
         status = CASE WHEN s.status = 'ended' THEN 'ended' ELSE ${typed('status', 'text')} END,
         current_period_start = ${typed('current_period_start', 'timestamptz')},
         current_period_end = ${typed('current_period_end', 'timestamptz')},
         cancel_requested = ${typed('cancel_requested', 'boolean')},
         ended_at = ${typed('ended_at', 'timestamptz')},
         position = c.position
       FROM ${recordset}
       WHERE s.provider = c.provider AND s.provider_subscription_id = c.provider_subscription_id`,
      [rows],
    );
  },
});
