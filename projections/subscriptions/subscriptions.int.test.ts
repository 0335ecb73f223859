import { describe, expect, it } from 'vitest';
import type { GivenEvent } from '../../events/catalog/testing/stored-events';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { subscriptions } from './subscriptions-projection';
import { hasActiveSubscription, subscriptionStatusOf } from './subscriptions-queries';

const ref = (userId: number, id: string) => ({ userId, provider: 'stripe' as const, providerSubscriptionId: id });
const period = (plan: 'monthly' | 'yearly', start: string, end: string) => ({ plan, currentPeriodStart: start, currentPeriodEnd: end });

const history: GivenEvent[] = [
  // 7: monthly, renewed once, then cancelled at the end of the renewed period.
  { type: 'SubscriptionStarted', data: { ...ref(7, 'sub_7'), ...period('monthly', '2025-09-01T00:00:00.000Z', '2025-10-01T00:00:00.000Z') }, streamId: 'subscription-sub_7' },
  { type: 'SubscriptionRenewed', data: { ...ref(7, 'sub_7'), ...period('monthly', '2025-10-01T00:00:00.000Z', '2025-11-01T00:00:00.000Z') }, streamId: 'subscription-sub_7' },
  { type: 'SubscriptionCancellationRequested', data: { ...ref(7, 'sub_7'), endsAt: '2025-11-01T00:00:00.000Z' }, streamId: 'subscription-sub_7' },
  // 8: yearly, a renewal payment failed: access runs to the paid period's end.
  { type: 'SubscriptionStarted', data: { ...ref(8, 'sub_8'), ...period('yearly', '2024-10-20T00:00:00.000Z', '2025-10-20T00:00:00.000Z') }, streamId: 'subscription-sub_8' },
  { type: 'SubscriptionPastDue', data: ref(8, 'sub_8'), streamId: 'subscription-sub_8' },
  // 9: ended early (refund) although the period ran on; a later delivery of a renewal does not revive it.
  { type: 'SubscriptionStarted', data: { ...ref(9, 'sub_9a'), ...period('monthly', '2025-10-01T00:00:00.000Z', '2025-11-01T00:00:00.000Z') }, streamId: 'subscription-sub_9a' },
  { type: 'SubscriptionEnded', data: { ...ref(9, 'sub_9a'), endedAt: '2025-10-05T00:00:00.000Z', reason: 'refunded' }, streamId: 'subscription-sub_9a' },
  { type: 'SubscriptionRenewed', data: { ...ref(9, 'sub_9a'), ...period('monthly', '2025-11-01T00:00:00.000Z', '2025-12-01T00:00:00.000Z') }, streamId: 'subscription-sub_9a' },
  // 9 again: a new yearly subscription after the ended one.
  { type: 'SubscriptionStarted', data: { ...ref(9, 'sub_9b'), ...period('yearly', '2025-10-10T00:00:00.000Z', '2026-10-10T00:00:00.000Z') }, streamId: 'subscription-sub_9b' },
];

const position = (index: number) => String(index).padStart(20, '0');

for (const client of availableSqlClients()) {
  describe(`subscriptions read model (${client.name})`, () => {
    const spec = projectionSpec(subscriptions, client);

    it('given starts, renewals, a cancellation, a failed payment and an end, then one row per subscription', async () => {
      await spec.given(history).then(
        'subscriptions',
        [
          {
            provider: 'stripe',
            provider_subscription_id: 'sub_7',
            user_id: 7,
            plan: 'monthly',
            status: 'active',
            current_period_start: new Date('2025-10-01T00:00:00.000Z'),
            current_period_end: new Date('2025-11-01T00:00:00.000Z'),
            cancel_requested: true,
            ended_at: null,
            position: position(3),
          },
          {
            provider: 'stripe',
            provider_subscription_id: 'sub_8',
            user_id: 8,
            plan: 'yearly',
            status: 'past_due',
            current_period_start: new Date('2024-10-20T00:00:00.000Z'),
            current_period_end: new Date('2025-10-20T00:00:00.000Z'),
            cancel_requested: false,
            ended_at: null,
            position: position(5),
          },
          {
            provider: 'stripe',
            provider_subscription_id: 'sub_9a',
            user_id: 9,
            plan: 'monthly',
            status: 'ended',
            current_period_start: new Date('2025-11-01T00:00:00.000Z'),
            current_period_end: new Date('2025-12-01T00:00:00.000Z'),
            cancel_requested: false,
            ended_at: new Date('2025-10-05T00:00:00.000Z'),
            position: position(8),
          },
          {
            provider: 'stripe',
            provider_subscription_id: 'sub_9b',
            user_id: 9,
            plan: 'yearly',
            status: 'active',
            current_period_start: new Date('2025-10-10T00:00:00.000Z'),
            current_period_end: new Date('2026-10-10T00:00:00.000Z'),
            cancel_requested: false,
            ended_at: null,
            position: position(9),
          },
        ],
        { orderBy: 'provider_subscription_id' },
      );
    });

    it('derives access from the paid period at the time asked, never from the events alone', async () => {
      await spec.given(history).thenRead(async (sql) => {
        const at = (iso: string) => new Date(iso);
        // Cancelled but the period runs: active, canceledButActive, ends at the period end.
        expect(await subscriptionStatusOf(sql, 7, at('2025-10-16T00:00:00.000Z'))).toEqual({
          hasActiveSubscription: true,
          subscriptionStatus: 'active',
          billingInterval: 'monthly',
          subscriptionEndsAt: '2025-11-01T00:00:00.000Z',
          canceledButActive: true,
        });
        expect(await hasActiveSubscription(sql, 7, at('2025-10-31T23:59:59.000Z'))).toBe(true);
        // One millisecond after the period: over, shown as canceled.
        expect(await hasActiveSubscription(sql, 7, at('2025-11-01T00:00:00.000Z'))).toBe(false);
        expect(await subscriptionStatusOf(sql, 7, at('2025-11-01T00:00:00.001Z'))).toMatchObject({
          hasActiveSubscription: false,
          subscriptionStatus: 'canceled',
          canceledButActive: false,
        });
        // Past due: access until the paid period's end, then none (still past due).
        expect(await subscriptionStatusOf(sql, 8, at('2025-10-16T00:00:00.000Z'))).toEqual({
          hasActiveSubscription: true,
          subscriptionStatus: 'past_due',
          billingInterval: 'yearly',
          subscriptionEndsAt: '2025-10-20T00:00:00.000Z',
          canceledButActive: false,
        });
        expect(await subscriptionStatusOf(sql, 8, at('2025-10-21T00:00:00.000Z'))).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'past_due' });
        // The new subscription answers, not the ended one.
        expect(await subscriptionStatusOf(sql, 9, at('2025-10-16T00:00:00.000Z'))).toEqual({
          hasActiveSubscription: true,
          subscriptionStatus: 'active',
          billingInterval: 'yearly',
          subscriptionEndsAt: '2026-10-10T00:00:00.000Z',
          canceledButActive: false,
        });
        expect(await subscriptionStatusOf(sql, 10, at('2025-10-16T00:00:00.000Z'))).toEqual({
          hasActiveSubscription: false,
          subscriptionStatus: null,
          billingInterval: null,
          subscriptionEndsAt: null,
          canceledButActive: false,
        });
      });
      await spec.given(history.slice(5, 7)).thenRead(async (sql) => {
        expect(await subscriptionStatusOf(sql, 9, new Date('2025-10-16T00:00:00.000Z'))).toEqual({
          hasActiveSubscription: false,
          subscriptionStatus: 'canceled',
          billingInterval: 'monthly',
          subscriptionEndsAt: '2025-10-05T00:00:00.000Z',
          canceledButActive: false,
        });
      });
    });
  });
}
