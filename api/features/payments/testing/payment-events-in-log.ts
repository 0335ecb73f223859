import { subscriptionEventTypes } from '../../../../events/catalog';
import type { RecordedEvent } from '../../../../events/store/event-store';
import { countInvisibleEvents } from '../../../../projections/runtime/log-visibility';
import type { TestApp } from '../../../testing/start-test-app';

export const paymentEventTypes = [
  ...subscriptionEventTypes,
  'CreditsPurchased',
  'CreditsRefunded',
] as const;

const settleTimeoutMs = 30_000;

/**
 * Every payment event in the log for `userId`, oldest first. On a PostgreSQL server a just-appended
 * event may not be readable until older transactions end, so this waits until none is hidden.
 */
export async function paymentEventsOf(app: Pick<TestApp, 'store' | 'sql'>, userId: number): Promise<RecordedEvent[]> {
  await untilPaymentEventsVisible(app);
  const found: RecordedEvent[] = [];
  let after = '';
  for (;;) {
    const page = await app.store.readAll({ after, max: 1000, types: paymentEventTypes });
    found.push(...page.events.filter((event) => (event.data as { userId?: number }).userId === userId));
    if (page.next === after) return found;
    after = page.next;
  }
}

async function untilPaymentEventsVisible(app: Pick<TestApp, 'store' | 'sql'>): Promise<void> {
  const deadline = Date.now() + settleTimeoutMs;
  for (;;) {
    const hidden = await countInvisibleEvents(app.sql, app.store, paymentEventTypes);
    if (hidden === null || hidden === 0) return;
    if (Date.now() > deadline) throw new Error(`${hidden} payment events stayed hidden from readers of the log for ${settleTimeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
