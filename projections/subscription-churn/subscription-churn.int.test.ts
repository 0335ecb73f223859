import { describe, expect, it } from 'vitest';
import type { GivenEvent } from '../../events/catalog/testing/stored-events';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { subscriptionChurn } from './subscription-churn-projection';
import { churnAt } from './subscription-churn-queries';

const now = new Date('2025-10-31T00:00:00.000Z');
const ref = (id: string, userId = 1) => ({ userId, provider: 'stripe' as const, providerSubscriptionId: id });
const started = (id: string, start: string, end: string): GivenEvent => ({ type: 'SubscriptionStarted', data: { ...ref(id), plan: 'monthly', currentPeriodStart: start, currentPeriodEnd: end } });
const renewed = (id: string, start: string, end: string): GivenEvent => ({ type: 'SubscriptionRenewed', data: { ...ref(id), plan: 'yearly', currentPeriodStart: start, currentPeriodEnd: end } });
const ended = (id: string, at: string): GivenEvent => ({ type: 'SubscriptionEnded', data: { ...ref(id), endedAt: at, reason: 'canceled' } });

for (const client of availableSqlClients()) {
  describe(`subscription-churn read model (${client.name})`, () => {
    const spec = projectionSpec(subscriptionChurn, client);

    it('given periods and ends in any order, then the first start, the latest paid end and the earliest end', async () => {
      await spec
        .given([
          renewed('a', '2025-09-01T00:00:00.000Z', '2026-09-01T00:00:00.000Z'),
          started('a', '2025-08-01T00:00:00.000Z', '2025-09-01T00:00:00.000Z'),
          ended('a', '2025-10-20T00:00:00.000Z'),
          ended('a', '2025-10-10T00:00:00.000Z'),
          ended('b', '2025-10-01T00:00:00.000Z'),
        ])
        .then('subscription_spans', [
          { provider: 'stripe', provider_subscription_id: 'a', user_id: 1, started_at: new Date('2025-08-01T00:00:00.000Z'), paid_until: new Date('2026-09-01T00:00:00.000Z'), ended_at: new Date('2025-10-10T00:00:00.000Z') },
          { provider: 'stripe', provider_subscription_id: 'b', user_id: 1, started_at: null, paid_until: null, ended_at: new Date('2025-10-01T00:00:00.000Z') },
        ], { orderBy: 'provider_subscription_id' });
    });

    it('counts, of those with access 30 days ago, the share without access now', async () => {
      await spec
        .given([
          // Active at the start (1 October) and now.
          started('stays', '2025-09-15T00:00:00.000Z', '2025-10-15T00:00:00.000Z'),
          renewed('stays', '2025-10-15T00:00:00.000Z', '2026-10-15T00:00:00.000Z'),
          // Active at the start, ended inside the window.
          started('ends', '2025-09-20T00:00:00.000Z', '2025-10-20T00:00:00.000Z'),
          ended('ends', '2025-10-05T00:00:00.000Z'),
          // Active at the start, lapsed (period over, never renewed).
          started('lapses', '2025-09-10T00:00:00.000Z', '2025-10-10T00:00:00.000Z'),
          // Started inside the window: in neither number.
          started('new', '2025-10-10T00:00:00.000Z', '2025-11-10T00:00:00.000Z'),
          started('new-and-gone', '2025-10-02T00:00:00.000Z', '2025-11-02T00:00:00.000Z'),
          ended('new-and-gone', '2025-10-03T00:00:00.000Z'),
          // Ended before the window.
          started('old', '2025-07-01T00:00:00.000Z', '2025-08-01T00:00:00.000Z'),
          ended('old', '2025-07-20T00:00:00.000Z'),
        ])
        .thenRead(async (sql) => {
          const churn = await churnAt(sql, now);
          expect(churn).toEqual({ activeAtStart: 3, churned: 2, ratePercent: (2 / 3) * 100 });
        });
    });

    it('is 0 with nobody active at the window start', async () => {
      await spec.given([started('new', '2025-10-10T00:00:00.000Z', '2025-11-10T00:00:00.000Z')]).thenRead(async (sql) => {
        expect(await churnAt(sql, now)).toEqual({ activeAtStart: 0, churned: 0, ratePercent: 0 });
      });
    });
  });
}
