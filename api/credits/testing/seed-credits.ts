import { randomUUID } from 'node:crypto';
import { type DataOf, type WoodshedEventType, newEvent } from '../../../events/catalog';
import type { TestApp } from '../../testing/start-test-app';

type App = Pick<TestApp, 'store' | 'projections'>;

async function appendAndProject<T extends 'StemStreamed' | 'CreditsPurchased' | 'SubscriptionStarted'>(app: App, streamId: string, type: T, data: DataOf<T>, occurredAt: string): Promise<void> {
  const eventId = randomUUID();
  const metadata = { eventId, occurredAt, userId: data.userId, requestId: 'test-seed', causationId: 'test-seed', correlationId: 'test-seed' };
  const appended = await app.store.append(streamId, [newEvent<WoodshedEventType>(type, data as never, metadata)], { expectedVersion: 'any' });
  await app.projections.waitForPosition('credits', appended.position, { timeoutMs: 15_000 });
  await app.projections.waitForPosition('subscriptions', appended.position, { timeoutMs: 15_000 });
}

/** Usage from earlier: one settled stem response of `bytes`, started at `startedAt`, in the credits read model. */
export function seedStreamed(app: App, userId: number, bytes: number, startedAt: Date): Promise<void> {
  const data = { userId, songId: 1, filename: 'earlier.mp3', bytesSent: bytes, range: null, aborted: false, startedAt: startedAt.toISOString() };
  return appendAndProject(app, `metering-user-${userId}`, 'StemStreamed', data, startedAt.toISOString());
}

/** A pack bought, as the payment handlers record it. */
export function seedPurchase(app: App, userId: number, credits: number, at: Date): Promise<void> {
  const data = { userId, credits, amountCents: 500, currency: 'usd', paymentReference: `cs_test_${randomUUID()}` };
  return appendAndProject(app, `credits-user-${userId}`, 'CreditsPurchased', data, at.toISOString());
}

/** Pro (monthly, test checkout) from a day before `now` to a month after. */
export function seedPro(app: App, userId: number, now: Date): Promise<void> {
  const providerSubscriptionId = `sub_test_${userId}_${randomUUID().slice(0, 8)}`;
  const data = {
    userId,
    provider: 'test-checkout' as const,
    providerSubscriptionId,
    plan: 'monthly' as const,
    currentPeriodStart: new Date(now.getTime() - 86_400_000).toISOString(),
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
  };
  return appendAndProject(app, `subscription-${providerSubscriptionId}`, 'SubscriptionStarted', data, now.toISOString());
}
