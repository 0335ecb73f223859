import { assertNever } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { subscriptionSpansMigration, subscriptionSpansTable } from './subscription-churn-tables';

interface SpanChange {
  provider: string;
  providerSubscriptionId: string;
  userId: number;
  startedAt: string | null;
  paidUntil: string | null;
  endedAt: string | null;
}

/** By `provider:providerSubscriptionId`. */
export type SubscriptionSpanChanges = Map<string, SpanChange>;

/** The earlier (`pick` -1) or later (+1) of two instants, either possibly absent. */
function pickInstant(current: string | null, next: string, pick: -1 | 1): string {
  if (current === null) return next;
  const order = Math.sign(Date.parse(next) - Date.parse(current));
  return order === pick ? next : current;
}

/** Each subscription's span of access, order-independent so late or repeated webhooks give the same rows. */
export const subscriptionChurn = defineProjection({
  name: 'subscription-churn',
  version: 1,
  eventTypes: ['SubscriptionStarted', 'SubscriptionRenewed', 'SubscriptionEnded'],
  tables: [subscriptionSpansTable],
  migration: subscriptionSpansMigration,

  fold(events, changes: SubscriptionSpanChanges = new Map()) {
    for (const event of events) {
      const { provider, providerSubscriptionId, userId } = event.data;
      const key = `${provider}:${providerSubscriptionId}`;
      let change = changes.get(key);
      if (!change) {
        change = { provider, providerSubscriptionId, userId, startedAt: null, paidUntil: null, endedAt: null };
        changes.set(key, change);
      }
      switch (event.type) {
        case 'SubscriptionStarted':
        case 'SubscriptionRenewed':
          change.startedAt = pickInstant(change.startedAt, event.data.currentPeriodStart, -1);
          change.paidUntil = pickInstant(change.paidUntil, event.data.currentPeriodEnd, 1);
          break;
        case 'SubscriptionEnded':
          change.endedAt = pickInstant(change.endedAt, event.data.endedAt, -1);
          break;
        default:
          assertNever(event);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: SubscriptionSpanChanges, tables) {
    if (changes.size === 0) return;
    const spans = [...changes.values()];
    // least/greatest ignore NULLs in PostgreSQL: a value only ever moves earlier (start, end) or later (paid until).
    await tx.query(
      `INSERT INTO ${tables[subscriptionSpansTable]} AS s (provider, provider_subscription_id, user_id, started_at, paid_until, ended_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[])
       ON CONFLICT (provider, provider_subscription_id) DO UPDATE SET
         started_at = least(s.started_at, excluded.started_at),
         paid_until = greatest(s.paid_until, excluded.paid_until),
         ended_at = least(s.ended_at, excluded.ended_at)`,
      [
        spans.map((span) => span.provider),
        spans.map((span) => span.providerSubscriptionId),
        spans.map((span) => span.userId),
        spans.map((span) => span.startedAt),
        spans.map((span) => span.paidUntil),
        spans.map((span) => span.endedAt),
      ],
    );
  },
});
