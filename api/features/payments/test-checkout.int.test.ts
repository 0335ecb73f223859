import { pino } from 'pino';
import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { newEvent } from '../../../events/catalog';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { waitForLastAppend } from '../../testing/wait-for-last-append';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import { handlePaymentEvent } from './handle-payment-event';
import { testCheckoutProvider } from './test-checkout-provider';
import { createTestCheckoutRenewalJob } from './test-checkout-renewal-job';
import { paymentEventsOf } from './testing/payment-events-in-log';

describeAppOnEveryDatabase('local test checkout (no Stripe key)', { config: { authSecret: testAuthSecret } }, (env) => {
  /** A form button press on the page: the browser's POST, with its cookie and same-origin Origin, not following the redirect. */
  const press = async (browser: TestBrowser, path: string) => {
    const response = await fetch(`${env.app.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: `woodshed_session=${browser.cookie('woodshed_session')}`, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://woodshed.test' },
    });
    return { status: response.status, location: response.headers.get('location') };
  };
  const pathOf = (url: string) => new URL(url).pathname;
  const typesOf = async (userId: number) => (await paymentEventsOf(env.app, userId)).map((event) => event.type);

  it('shows a page labelled as a test with Pay and Cancel, to the user who started it only', async () => {
    const { browser } = await signInWithCode(env.app.url, 'page@example.com');
    const created = await browser.post<{ url: string }>('/api/subscription/create-checkout', { planType: 'yearly' });
    expect(created.status).toBe(200);
    expect(created.body.url).toMatch(/^http:\/\/woodshed\.test\/api\/test-checkout\/cs_test_local_[0-9a-f]{32}$/);
    const page = await browser.get<string>(pathOf(created.body.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<title>Test checkout (no real payment) - Woodshed</title>');
    expect(page.body).toContain('No card is asked for and no money is taken.');
    expect(page.body).toContain('Woodshed Pro (yearly)');
    expect(page.body).toContain('Pay $160.00 per year (test, no real payment)');
    expect(page.body).toContain('>Cancel</button>');

    const { browser: other } = await signInWithCode(env.app.url, 'other-page@example.com');
    expect((await other.get(pathOf(created.body.url))).status).toBe(404);
    expect((await press(other, `${pathOf(created.body.url)}/pay`)).status).toBe(404);
    expect((await browser.get('/api/test-checkout/not-a-session')).status).toBe(400);
  });

  it('Pay starts Pro through the payment handler and returns to /membership?success=true; cancelling keeps access to the period end', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'pay-pro@example.com');
    const created = await browser.post<{ url: string }>('/api/subscription/create-checkout');
    expect(await typesOf(user.id)).toEqual([]);
    const paid = await press(browser, `${pathOf(created.body.url)}/pay`);
    expect(paid).toEqual({ status: 303, location: 'http://woodshed.test/membership?success=true' });
    const status = await browser.get<Record<string, unknown>>('/api/subscription/status');
    expect(status.body).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active', billingInterval: 'monthly', canceledButActive: false });
    const [started] = await paymentEventsOf(env.app, user.id);
    expect(started?.type).toBe('SubscriptionStarted');
    expect(started?.data).toMatchObject({ userId: user.id, provider: 'test-checkout', plan: 'monthly' });
    expect(started?.metadata).toMatchObject({ causationId: expect.stringMatching(/^evt_test_local_/) as unknown });

    // A second press (double click, back button) pays nothing more.
    expect(await press(browser, `${pathOf(created.body.url)}/pay`)).toEqual({ status: 303, location: 'http://woodshed.test/membership?success=true' });
    expect((await browser.get<string>(pathOf(created.body.url))).body).toContain('already paid');
    expect(await typesOf(user.id)).toEqual(['SubscriptionStarted']);

    const cancelled = await browser.post<{ subscriptionEndsAt: string }>('/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscriptionEndsAt).toBe(status.body.subscriptionEndsAt);
    expect((await browser.get('/api/subscription/status')).body).toMatchObject({ hasActiveSubscription: true, canceledButActive: true });
    expect(await typesOf(user.id)).toEqual(['SubscriptionStarted', 'SubscriptionCancellationRequested']);
  });

  it('Cancel returns to the spec addresses and records nothing; Pay buys the credits once', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'credits@example.com');
    const upgrade = await browser.post<{ url: string }>('/api/subscription/create-checkout', { planType: 'monthly' });
    expect(await press(browser, `${pathOf(upgrade.body.url)}/cancel`)).toEqual({ status: 303, location: 'http://woodshed.test/membership?canceled=true' });
    const pack = await browser.post<{ url: string }>('/api/credits/create-checkout');
    expect(await press(browser, `${pathOf(pack.body.url)}/cancel`)).toEqual({ status: 303, location: 'http://woodshed.test/membership?credits_purchase=canceled' });
    const packs = await browser.post<{ url: string }>('/api/credits/purchase', { credits: 200 });
    expect(await press(browser, `${pathOf(packs.body.url)}/cancel`)).toEqual({ status: 303, location: 'http://woodshed.test/usage?purchase=canceled' });
    expect(await typesOf(user.id)).toEqual([]);

    expect(await press(browser, `${pathOf(pack.body.url)}/pay`)).toEqual({ status: 303, location: 'http://woodshed.test/membership?credits_purchase=success' });
    expect(await press(browser, `${pathOf(packs.body.url)}/pay`)).toEqual({ status: 303, location: 'http://woodshed.test/usage?purchase=success' });
    expect(await press(browser, `${pathOf(packs.body.url)}/pay`)).toEqual({ status: 303, location: 'http://woodshed.test/usage?purchase=success' });
    const purchases = await paymentEventsOf(env.app, user.id);
    expect(purchases.map((event) => [event.type, (event.data as { credits: number }).credits, (event.data as { amountCents: number }).amountCents])).toEqual([
      ['CreditsPurchased', 100, 500],
      ['CreditsPurchased', 200, 1000],
    ]);
  });

  it('refuses every checkout while purchasing is off, creating nothing, and takes them again once it is on', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'switched-off@example.com');
    const switchTo = async (type: 'PurchasingDisabled' | 'PurchasingEnabled') => {
      const eventId = randomUUID();
      const metadata = { eventId, occurredAt: new Date().toISOString(), userId: 1, requestId: 'test', causationId: eventId, correlationId: eventId };
      const { position } = await env.app.store.append('settings-purchasing', [newEvent(type, {}, metadata)], { expectedVersion: 'any' });
      await env.app.projections.waitForPosition('purchasing-setting', position, { timeoutMs: 5_000 });
    };
    expect((await browser.get('/api/settings/purchasing')).body).toEqual({ purchasing_enabled: true });
    const visitorView = await fetch(`${env.app.url}/api/settings/purchasing`);
    expect(await visitorView.json()).toEqual({ purchasing_enabled: true });

    await switchTo('PurchasingDisabled');
    expect((await browser.get('/api/settings/purchasing')).body).toEqual({ purchasing_enabled: false });
    const sessionsBefore = await env.sql.query<{ count: string }>('SELECT count(*) AS count FROM test_checkout_sessions');
    for (const [path, body] of [
      ['/api/subscription/create-checkout', { planType: 'yearly' }],
      ['/api/subscription/create-checkout', undefined],
      ['/api/credits/create-checkout', undefined],
      ['/api/credits/purchase', { credits: 100 }],
    ] as const) {
      const refused = await browser.post<{ error: { code: string; message: string } }>(path, body);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'purchasing_disabled', message: "We're currently unable to process purchases. Please contact support for assistance." });
    }
    const sessionsAfter = await env.sql.query<{ count: string }>('SELECT count(*) AS count FROM test_checkout_sessions');
    expect(sessionsAfter.rows[0]?.count).toBe(sessionsBefore.rows[0]?.count);
    expect(await typesOf(user.id)).toEqual([]);

    await switchTo('PurchasingEnabled');
    expect((await browser.get('/api/settings/purchasing')).body).toEqual({ purchasing_enabled: true });
    expect((await browser.post('/api/credits/create-checkout')).status).toBe(200);
  });
});

describeAppOnEveryDatabase('payments in production without Stripe', { config: { authSecret: testAuthSecret, nodeEnv: 'production' } }, (env) => {
  it('has no test checkout, and says at start-up that checkouts are refused', async () => {
    const visitor = await fetch(`${env.app.url}/api/test-checkout/cs_test_local_${'0'.repeat(32)}`);
    expect(visitor.status).toBe(404);
    const pay = await fetch(`${env.app.url}/api/test-checkout/cs_test_local_${'0'.repeat(32)}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(404);
    expect(env.app.logLines().some((line) => line.msg === 'payments: no STRIPE_SECRET_KEY in production, so every checkout is refused')).toBe(true);
  });
});

const renewalClock = testClock(new Date('2025-10-16T09:00:00.000Z'));

describeAppOnEveryDatabase('local test checkout renewals', { config: { authSecret: testAuthSecret }, clock: renewalClock }, (env) => {
  const typesOf = async (userId: number) => (await paymentEventsOf(env.app, userId)).map((event) => event.type);
  const renewalJob = () =>
    createTestCheckoutRenewalJob({
      deps: { store: env.app.store, clock: renewalClock, logger: pino({ level: 'silent' }) },
      testCheckout: testCheckoutProvider({ sql: env.app.sql, clock: renewalClock, publicUrl: env.app.config.publicUrl }),
    });
  const subscribe = async (email: string, planType: 'monthly' | 'yearly') => {
    const { browser, user } = await signInWithCode(env.app.url, email);
    const created = await browser.post<{ url: string }>('/api/subscription/create-checkout', { planType });
    const id = new URL(created.body.url).pathname.split('/').at(-1)!;
    const testCheckout = testCheckoutProvider({ sql: env.app.sql, clock: renewalClock, publicUrl: env.app.config.publicUrl });
    const paid = await testCheckout.pay(id, user.id);
    const outcome = await handlePaymentEvent({ store: env.app.store, clock: renewalClock, logger: pino({ level: 'silent' }) }, testCheckout, paid!.event, 'test');
    await env.app.projections.waitForPosition('subscriptions', outcome.position!, { timeoutMs: 10_000 });
    return { browser, user };
  };

  it('renews a subscription at its period end, as Stripe would, and ends one cancelled at period end', async () => {
    // One clock for both databases' runs: each test starts it where it needs it.
    renewalClock.set(new Date('2025-10-16T09:00:00.000Z'));
    const monthly = await subscribe('renews@example.com', 'monthly');
    const cancelling = await subscribe('ends@example.com', 'yearly');
    expect((await cancelling.browser.post('/api/subscription/cancel')).status).toBe(200);
    const job = renewalJob();
    expect(await job.renewDue()).toBe(0);

    // A month on: the monthly plan is paid for the next month; the yearly one is not due yet.
    renewalClock.set(new Date('2025-11-16T09:00:01.000Z'));
    expect(await job.renewDue()).toBe(1);
    expect(await job.renewDue()).toBe(0);
    const renewed = (await paymentEventsOf(env.app, monthly.user.id)).at(-1)!;
    expect(renewed.type).toBe('SubscriptionRenewed');
    expect(renewed.data).toMatchObject({ currentPeriodStart: '2025-11-16T09:00:00.000Z', currentPeriodEnd: '2025-12-16T09:00:00.000Z' });
    // (A month on, the sign-in session has expired: sign in again.)
    const { browser: monthlyAgain } = await signInWithCode(env.app.url, 'renews@example.com');
    await waitForLastAppend(env.app, 'subscriptions');
    expect((await monthlyAgain.get('/api/subscription/status')).body).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active' });

    // Down for eleven months, then back: one renewal into the period that holds now; the yearly,
    // cancelled at its period end, ends when that comes.
    renewalClock.set(new Date('2026-10-16T09:00:01.000Z'));
    expect(await job.renewDue()).toBe(2);
    expect((await paymentEventsOf(env.app, monthly.user.id)).at(-1)!.data).toMatchObject({ currentPeriodStart: '2026-10-16T09:00:00.000Z', currentPeriodEnd: '2026-11-16T09:00:00.000Z' });
    expect(await typesOf(cancelling.user.id)).toEqual(['SubscriptionStarted', 'SubscriptionCancellationRequested', 'SubscriptionEnded']);
    const { browser: endedAgain } = await signInWithCode(env.app.url, 'ends@example.com');
    await waitForLastAppend(env.app, 'subscriptions');
    expect((await endedAgain.get('/api/subscription/status')).body).toMatchObject({ hasActiveSubscription: false });
  });

  it('delivers an event owed by a pass that died before the payment handler had it, once', async () => {
    renewalClock.set(new Date('2027-01-01T09:00:00.000Z'));
    const { user } = await subscribe('owed@example.com', 'monthly');
    const start = renewalClock.now();
    const testCheckout = testCheckoutProvider({ sql: env.app.sql, clock: renewalClock, publicUrl: env.app.config.publicUrl });
    renewalClock.set(new Date(start.getTime() + 32 * 24 * 60 * 60_000));
    // The renewal committed, and the process died before handling its event.
    const [started] = await paymentEventsOf(env.app, user.id);
    const subscriptionId = (started!.data as { providerSubscriptionId: string }).providerSubscriptionId;
    const owedTo = (events: Awaited<ReturnType<typeof testCheckout.renewDue>>) =>
      events.filter((event) => event.data.object.object === 'invoice' && event.data.object.subscription === subscriptionId).map((event) => event.type);
    expect(owedTo(await testCheckout.renewDue())).toEqual(['invoice.paid']);
    expect(await typesOf(user.id)).toEqual(['SubscriptionStarted']);

    // The next pass delivers it, once; after that nothing is owed.
    await renewalJob().renewDue();
    expect(await typesOf(user.id)).toEqual(['SubscriptionStarted', 'SubscriptionRenewed']);
    expect(owedTo(await testCheckout.renewDue())).toEqual([]);
    await renewalJob().renewDue();
    expect(await typesOf(user.id)).toEqual(['SubscriptionStarted', 'SubscriptionRenewed']);
  });
});
