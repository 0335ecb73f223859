import { describe, expect, it } from 'vitest';
import type { GivenEvent } from '../../events/catalog/testing/stored-events';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { bytesPerCredit } from './credit-rules';
import { credits } from './credits-projection';
import { creditFigures, creditSnapshotOf } from './credits-queries';

const MiB = 1 << 20;

function streamed(userId: number, bytesSent: number, startedAt: string, closedAt = startedAt): GivenEvent {
  return {
    type: 'StemStreamed',
    data: { userId, songId: 1, filename: 'bass.mp3', bytesSent, range: null, aborted: false, startedAt },
    metadata: { occurredAt: closedAt },
    streamId: `metering-user-${userId}`,
  };
}

function purchased(userId: number, creditCount = 100, reference = `cs_${userId}_${creditCount}`): GivenEvent {
  return { type: 'CreditsPurchased', data: { userId, credits: creditCount, amountCents: 500, currency: 'usd', paymentReference: reference }, streamId: `credits-user-${userId}` };
}

const october = new Date('2025-10-16T09:00:00.000Z');
const november = new Date('2025-11-02T09:00:00.000Z');

for (const client of availableSqlClients()) {
  describe(`credits read model (${client.name})`, () => {
    const spec = projectionSpec(credits, client);

    it('rounds a month up once over its total, not once per stream', async () => {
      await spec
        .given([
          streamed(1, 1, '2025-10-02T10:00:00.000Z'),
          streamed(1, 1, '2025-10-03T10:00:00.000Z'),
          streamed(1, 1, '2025-10-04T10:00:00.000Z'),
          // Ten responses of 1 MiB are one credit, not ten.
          ...Array.from({ length: 9 }, (_, i) => streamed(2, MiB, `2025-10-05T10:0${i}:00.000Z`)),
          streamed(2, MiB, '2025-10-05T11:00:00.000Z'),
          streamed(2, 1, '2025-10-05T12:00:00.000Z'),
        ])
        .thenRead(async (sql) => {
          expect((await creditSnapshotOf(sql, 1, october)).month).toEqual({ key: '2025-10-01', bytesStreamed: 3, bytesMetered: 3, creditsUsed: 1, paidUsed: 0 });
          const second = await creditSnapshotOf(sql, 2, october);
          expect(second.month.creditsUsed).toBe(2);
          expect(second.bytesLeft).toBe(200 * bytesPerCredit - 10 * MiB - 1);
        });
    });

    it('bills a stream that crosses midnight on the 1st to the month it started in, and free credits reset on the 1st', async () => {
      await spec
        .given([
          streamed(3, 150 * bytesPerCredit, '2025-10-20T10:00:00.000Z'),
          streamed(3, 60 * bytesPerCredit, '2025-10-31T23:59:00.000Z', '2025-11-01T00:05:00.000Z'),
          streamed(3, 5 * bytesPerCredit, '2025-11-01T00:00:00.000Z'),
        ])
        .thenRead(async (sql) => {
          const oct = await creditSnapshotOf(sql, 3, october);
          expect(oct.month).toMatchObject({ key: '2025-10-01', creditsUsed: 210, paidUsed: 0 });
          // No packs: the ten credits beyond the free ones had nothing to come from.
          expect(oct.overdrawnCredits).toBe(10);
          const nov = await creditSnapshotOf(sql, 3, november);
          expect(nov.month).toMatchObject({ key: '2025-11-01', creditsUsed: 5 });
          expect(creditFigures(nov, false)).toEqual({ used: 5, available: 200, freeUsed: 5, freeRemaining: 195, paidRemaining: 0, paidTotal: 0 });
          expect(nov.lifetimeBytes).toBe(215 * bytesPerCredit);
        });
    });

    it('spends packs only after the month\'s free credits, and keeps what is left of them across months', async () => {
      await spec
        .given([
          purchased(4),
          streamed(4, 150 * bytesPerCredit, '2025-10-10T10:00:00.000Z'),
          streamed(4, 60 * bytesPerCredit - 5, '2025-10-11T10:00:00.000Z'),
          streamed(4, 3 * bytesPerCredit, '2025-11-01T10:00:00.000Z'),
        ])
        .then('credit_accounts', [
          { user_id: 4, paid_balance: 90, paid_spent: 10, overdrawn_credits: 0, bytes_streamed: String(213 * bytesPerCredit - 5), subscriptions: {}, position: '00000000000000000004' },
        ]);
      await spec
        .given([purchased(4), streamed(4, 210 * bytesPerCredit - 5, '2025-10-10T10:00:00.000Z'), streamed(4, 3 * bytesPerCredit, '2025-11-01T10:00:00.000Z')])
        .thenRead(async (sql) => {
          const oct = await creditSnapshotOf(sql, 4, october);
          expect(creditFigures(oct, false)).toEqual({ used: 210, available: 300, freeUsed: 200, freeRemaining: 0, paidRemaining: 90, paidTotal: 100 });
          // The last credit started holds 5 more bytes.
          expect(oct.bytesLeft).toBe(90 * bytesPerCredit + 5);
          expect(creditFigures(await creditSnapshotOf(sql, 4, november), false)).toEqual({ used: 3, available: 290, freeUsed: 3, freeRemaining: 197, paidRemaining: 90, paidTotal: 100 });
        });
    });

    it('takes back on a refund or an adjustment only what is left, never going below nothing', async () => {
      await spec
        .given([
          purchased(5, 100, 'cs_a'),
          streamed(5, 260 * bytesPerCredit, '2025-10-10T10:00:00.000Z'),
          { type: 'CreditsRefunded', data: { userId: 5, credits: 100, amountCents: 500, currency: 'usd', paymentReference: 'cs_a' } },
          purchased(5, 100, 'cs_b'),
          { type: 'CreditsAdjusted', data: { userId: 5, credits: 25, reason: 'stream not metered on 2025-10-09' } },
          { type: 'CreditsAdjusted', data: { userId: 5, credits: -200, reason: 'goodwill grant reversed' } },
          purchased(5, 100, 'cs_c'),
        ])
        .thenRead(async (sql) => {
          const snapshot = await creditSnapshotOf(sql, 5, october);
          // 60 spent from the first pack, the refund took back the 40 left, the adjustment everything left.
          expect(creditFigures(snapshot, false)).toMatchObject({ paidRemaining: 100, paidTotal: 160, used: 260, available: 360 });
          expect(snapshot.overdrawnCredits).toBe(0);
        });
    });

    it('costs no credits for streams started while Pro, still counts them, and meters again once access ends', async () => {
      const sub = { userId: 6, provider: 'stripe' as const, providerSubscriptionId: 'sub_6' };
      await spec
        .given([
          streamed(6, 20 * bytesPerCredit, '2025-10-01T10:00:00.000Z'),
          { type: 'SubscriptionStarted', data: { ...sub, plan: 'monthly', currentPeriodStart: '2025-10-02T00:00:00.000Z', currentPeriodEnd: '2025-10-12T00:00:00.000Z' } },
          streamed(6, 500 * bytesPerCredit, '2025-10-05T10:00:00.000Z'),
          { type: 'SubscriptionPastDue', data: sub },
          // The period ran out without a renewal: metered again.
          streamed(6, 1, '2025-10-12T00:00:00.000Z'),
          { type: 'SubscriptionRenewed', data: { ...sub, plan: 'monthly', currentPeriodStart: '2025-10-12T00:00:00.000Z', currentPeriodEnd: '2025-11-12T00:00:00.000Z' } },
          streamed(6, 7 * bytesPerCredit, '2025-10-13T10:00:00.000Z'),
          { type: 'SubscriptionEnded', data: { ...sub, endedAt: '2025-10-14T00:00:00.000Z', reason: 'refunded' } },
          streamed(6, 3, '2025-10-15T10:00:00.000Z'),
        ])
        .thenRead(async (sql) => {
          const snapshot = await creditSnapshotOf(sql, 6, october);
          expect(snapshot.month).toEqual({ key: '2025-10-01', bytesStreamed: 527 * bytesPerCredit + 4, bytesMetered: 20 * bytesPerCredit + 4, creditsUsed: 21, paidUsed: 0 });
          expect(creditFigures(snapshot, true).used).toBe(528);
          expect(creditFigures(snapshot, false).used).toBe(21);
        });
    });

    it('bills a stream recorded before responses carried their start to the month it closed in', async () => {
      await spec
        .given([{ type: 'StemStreamed', data: { userId: 7, songId: 1, filename: 'bass.mp3', bytesSent: 42, range: null, aborted: true }, metadata: { occurredAt: '2025-11-01T00:00:01.000Z' } }])
        .thenRead(async (sql) => {
          expect((await creditSnapshotOf(sql, 7, november)).month).toMatchObject({ key: '2025-11-01', bytesStreamed: 42, creditsUsed: 1 });
          expect((await creditSnapshotOf(sql, 7, october)).month.bytesStreamed).toBe(0);
          expect(await creditSnapshotOf(sql, 99, october)).toEqual({
            paidBalance: 0,
            paidSpent: 0,
            overdrawnCredits: 0,
            lifetimeBytes: 0,
            position: '',
            bytesLeft: 200 * bytesPerCredit,
            month: { key: '2025-10-01', bytesStreamed: 0, bytesMetered: 0, creditsUsed: 0, paidUsed: 0 },
          });
        });
    });
  });
}
