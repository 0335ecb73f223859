import { randomUUID } from 'node:crypto';
import { type DataOf, newEvent } from '../../../../events/catalog';
import type { TestApp } from '../../../testing/start-test-app';

type SubscriptionEventType = 'SubscriptionStarted' | 'SubscriptionRenewed' | 'SubscriptionCancellationRequested' | 'SubscriptionCancellationWithdrawn' | 'SubscriptionPastDue' | 'SubscriptionEnded';

/**
 * Append subscription events as the payment handlers will (one stream per provider subscription)
 * and wait until the subscriptions read model has them: tests seed Pro users this way.
 */
export async function appendSubscriptionEvents(
  app: Pick<TestApp, 'store' | 'projections'>,
  events: ReadonlyArray<{ [T in SubscriptionEventType]: { type: T; data: DataOf<T> } }[SubscriptionEventType]>,
): Promise<void> {
  let position = '';
  for (const event of events) {
    const metadata = {
      eventId: randomUUID(),
      occurredAt: new Date().toISOString(),
      userId: event.data.userId,
      requestId: 'test-seed',
      causationId: 'test-seed',
      correlationId: 'test-seed',
    };
    const appended = await app.store.append(`subscription-${event.data.providerSubscriptionId}`, [newEvent(event.type, event.data as never, metadata)], {
      expectedVersion: 'any',
    });
    position = appended.position;
  }
  await app.projections.waitForPosition('subscriptions', position, { timeoutMs: 10_000 });
}

/** Make `userId` Pro (monthly, test checkout) from a day before `now` to a month after. */
export async function startProSubscription(app: Pick<TestApp, 'store' | 'projections'>, userId: number, now = new Date()): Promise<string> {
  const providerSubscriptionId = `sub_test_${userId}_${randomUUID().slice(0, 8)}`;
  await appendSubscriptionEvents(app, [
    {
      type: 'SubscriptionStarted',
      data: {
        userId,
        provider: 'test-checkout',
        providerSubscriptionId,
        plan: 'monthly',
        currentPeriodStart: new Date(now.getTime() - 86_400_000).toISOString(),
        currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      },
    },
  ]);
  return providerSubscriptionId;
}
