import { expect, it } from 'vitest';
import { bytesPerCredit } from '../../../projections/credits/credit-rules';
import { seedPro, seedPurchase, seedStreamed } from '../../credits/testing/seed-credits';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import type { UsageStats } from '../../../contract/usage-stats';

const clock = testClock(new Date('2025-10-16T09:00:00.000Z'));

describeAppOnEveryDatabase('GET /api/usage/stats', { config: { authSecret: testAuthSecret }, clock }, (env) => {
  it('answers 401 to visitors', async () => {
    expect((await new TestBrowser(env.app.url).get('/api/usage/stats')).status).toBe(401);
  });

  it('answers exactly the spec fields: a new user has the month\'s 200 free credits', async () => {
    const { browser } = await signInWithCode(env.app.url, 'new@example.com');
    const response = await browser.get<UsageStats>('/api/usage/stats');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      totalCredits: { used: 0, available: 200 },
      freeCredits: { used: 0, total: 200, remaining: 200 },
      paidCredits: { remaining: 0, total: 0 },
      totalBytesStreamed: 0,
      hasActiveSubscription: false,
      billingPeriodStart: '2025-10-01T00:00:00.000Z',
    });
  });

  it('counts this month\'s streams rounded up once, packs after the free credits, lifetime bytes, and Pro', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'busy@example.com');
    await seedStreamed(env.app, user.id, 40 * bytesPerCredit, new Date('2025-09-20T10:00:00.000Z'));
    await seedPurchase(env.app, user.id, 100, new Date('2025-09-21T10:00:00.000Z'));
    for (const day of ['02', '03', '04']) await seedStreamed(env.app, user.id, 70 * bytesPerCredit + 1, new Date(`2025-10-${day}T10:00:00.000Z`));
    expect((await browser.get<UsageStats>('/api/usage/stats')).body).toEqual({
      // 210 credits and 3 bytes: 211 credits, 11 of them from the pack.
      totalCredits: { used: 211, available: 300 },
      freeCredits: { used: 200, total: 200, remaining: 0 },
      paidCredits: { remaining: 89, total: 100 },
      totalBytesStreamed: 250 * bytesPerCredit + 3,
      hasActiveSubscription: false,
      billingPeriodStart: '2025-10-01T00:00:00.000Z',
    });

    await seedPro(env.app, user.id, clock.now());
    expect((await browser.get<UsageStats>('/api/usage/stats')).body).toMatchObject({ hasActiveSubscription: true, totalCredits: { used: 211, available: 300 } });

    // Another user's figures are their own.
    const { browser: other } = await signInWithCode(env.app.url, 'quiet@example.com');
    expect((await other.get<UsageStats>('/api/usage/stats')).body).toMatchObject({ totalBytesStreamed: 0, paidCredits: { remaining: 0, total: 0 } });
  });
});
