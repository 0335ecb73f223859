import { expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import { appendSubscriptionEvents } from './testing/seed-subscription';

const clock = testClock(new Date('2025-10-16T09:00:00.000Z'));
const stripe = (userId: number) => ({ userId, provider: 'stripe' as const, providerSubscriptionId: `sub_${userId}` });

describeAppOnEveryDatabase('GET /api/subscription/status', { config: { authSecret: testAuthSecret }, clock }, (env) => {
  it('answers 401 to visitors', async () => {
    expect((await new TestBrowser(env.app.url).get('/api/subscription/status')).status).toBe(401);
  });

  it('answers the spec fields from the read model: none, active, cancelled but active, then over', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'member@example.com');
    const none = await browser.get('/api/subscription/status');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ hasActiveSubscription: false, subscriptionStatus: null, billingInterval: null, subscriptionEndsAt: null, canceledButActive: false });

    await appendSubscriptionEvents(env.app, [
      {
        type: 'SubscriptionStarted',
        data: { ...stripe(user.id), plan: 'yearly', currentPeriodStart: '2024-10-20T00:00:00.000Z', currentPeriodEnd: '2025-10-20T00:00:00.000Z' },
      },
    ]);
    expect((await browser.get('/api/subscription/status')).body).toEqual({
      hasActiveSubscription: true,
      subscriptionStatus: 'active',
      billingInterval: 'yearly',
      subscriptionEndsAt: '2025-10-20T00:00:00.000Z',
      canceledButActive: false,
    });

    await appendSubscriptionEvents(env.app, [{ type: 'SubscriptionCancellationRequested', data: { ...stripe(user.id), endsAt: '2025-10-20T00:00:00.000Z' } }]);
    expect((await browser.get('/api/subscription/status')).body).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active', canceledButActive: true });

    // No event at the period's end: access ends because the paid period is over.
    clock.set(new Date('2025-10-20T00:00:01.000Z'));
    expect((await browser.get('/api/subscription/status')).body).toEqual({
      hasActiveSubscription: false,
      subscriptionStatus: 'canceled',
      billingInterval: 'yearly',
      subscriptionEndsAt: '2025-10-20T00:00:00.000Z',
      canceledButActive: false,
    });
    clock.set(new Date('2025-10-16T09:00:00.000Z'));

    // Another user's subscription is not this user's.
    const { browser: other } = await signInWithCode(env.app.url, 'free@example.com');
    expect((await other.get('/api/subscription/status')).body).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: null });
  });
});
