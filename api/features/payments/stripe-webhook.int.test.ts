import { afterAll, expect, it } from 'vitest';
import { startProSubscription } from '../subscription/testing/seed-subscription';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import type { TestBrowser } from '../../testing/test-browser';
import { deliverWebhook } from './testing/deliver-webhook';
import { startFakeStripe } from './testing/fake-stripe';
import { paymentEventsOf } from './testing/payment-events-in-log';

const fake = await startFakeStripe();
afterAll(() => fake.close());

const webhookSecret = 'whsec_test_0123456789abcdef';
let failNextAppendOf: string | undefined;

describeAppOnEveryDatabase(
  'payments through Stripe',
  {
    config: { authSecret: testAuthSecret, stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: webhookSecret, stripeApiUrl: fake.url },
    storeOptions: {
      // A crash after the events (and the Stripe event id in their metadata) were written, before the commit.
      beforeCommit: (batch) => {
        const target = failNextAppendOf;
        if (target !== undefined && batch.some((append) => append.events.some((event) => event.metadata.causationId === target))) {
          failNextAppendOf = undefined;
          throw new Error('injected failure after recording the Stripe event');
        }
      },
    },
  },
  (env) => {
    const deliver = (payload: string, options: { timestamp?: number; signedPayload?: string; secret?: string } = {}) =>
      deliverWebhook(env.app.url, payload, { secret: webhookSecret, ...options });
    const typesOf = async (userId: number) => (await paymentEventsOf(env.app, userId)).map((event) => event.type);
    const status = async (browser: TestBrowser) => (await browser.get<Record<string, unknown>>('/api/subscription/status')).body;

    /** A signed-in user who went through Stripe Checkout for `plan`, paid, with the session completed at the fake. */
    async function paidSubscriptionCheckout(email: string, plan: 'monthly' | 'yearly') {
      const { browser, user } = await signInWithCode(env.app.url, email);
      const created = await browser.post<{ url: string }>('/api/subscription/create-checkout', { planType: plan });
      expect(created.status).toBe(200);
      const sessionId = created.body.url.split('/').at(-1)!;
      const session = fake.completeCheckout(sessionId, { paid: true });
      return { browser, user, session, subscriptionId: String(session.subscription) };
    }

    async function paidCreditsCheckout(email: string) {
      const { browser, user } = await signInWithCode(env.app.url, email);
      const created = await browser.post<{ url: string }>('/api/credits/purchase', { credits: 100 });
      expect(created.status).toBe(200);
      const sessionId = created.body.url.split('/').at(-1)!;
      return { browser, user, sessionId };
    }

    it('creates Checkout Sessions at Stripe with the plan, the user and the spec return addresses', async () => {
      const { browser, user } = await signInWithCode(env.app.url, 'checkout@example.com');
      const before = fake.requests.length;
      const yearly = await browser.post<{ url: string }>('/api/subscription/create-checkout', { planType: 'yearly' });
      expect(yearly.status).toBe(200);
      expect(yearly.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      const monthly = await browser.post<{ url: string }>('/api/subscription/create-checkout');
      const pack = await browser.post<{ url: string }>('/api/credits/create-checkout');
      const packs = await browser.post<{ url: string }>('/api/credits/purchase', { credits: 300 });
      const forms = fake.requests
        .slice(before)
        .filter((request) => request.path === '/v1/checkout/sessions')
        .map((request) => request.form);
      expect(forms).toHaveLength(4);
      // One Stripe customer for the user, on every checkout.
      const customers = fake.customers().filter((customer) => customer.email === 'checkout@example.com' && (customer.metadata as Record<string, string>).woodshed_user_id === String(user.id));
      expect(customers).toHaveLength(1);
      for (const form of forms) expect(form).toMatchObject({ customer: customers[0]!.id });
      expect(forms[0]).toMatchObject({
        mode: 'subscription',
        'line_items[0][price_data][unit_amount]': '16000',
        'line_items[0][price_data][recurring][interval]': 'year',
        'metadata[woodshed_user_id]': String(user.id),
        'subscription_data[metadata][woodshed_user_id]': String(user.id),
        success_url: 'http://woodshed.test/membership?success=true',
        cancel_url: 'http://woodshed.test/membership?canceled=true',
      });
      expect(monthly.status).toBe(200);
      expect(forms[1]).toMatchObject({ 'line_items[0][price_data][unit_amount]': '1500', 'line_items[0][price_data][recurring][interval]': 'month' });
      expect(pack.status).toBe(200);
      expect(forms[2]).toMatchObject({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][unit_amount]': '500',
        'metadata[woodshed_credits]': '100',
        success_url: 'http://woodshed.test/membership?credits_purchase=success',
        cancel_url: 'http://woodshed.test/membership?credits_purchase=canceled',
      });
      expect(packs.status).toBe(200);
      expect(forms[3]).toMatchObject({
        'line_items[0][quantity]': '3',
        'metadata[woodshed_credits]': '300',
        'payment_intent_data[metadata][woodshed_user_id]': String(user.id),
        success_url: 'http://woodshed.test/usage?purchase=success',
        cancel_url: 'http://woodshed.test/usage?purchase=canceled',
      });
      // Nothing is granted by creating a checkout.
      expect(await typesOf(user.id)).toEqual([]);
    });

    it('gives two checkouts started together one Stripe customer, and another user their own', async () => {
      const { browser, user } = await signInWithCode(env.app.url, 'together@example.com');
      const started = await Promise.all([
        browser.post<{ url: string }>('/api/subscription/create-checkout', { planType: 'monthly' }),
        browser.post<{ url: string }>('/api/credits/purchase', { credits: 100 }),
      ]);
      expect(started.map((answer) => answer.status)).toEqual([200, 200]);
      const sessions = started.map((answer) => fake.session(answer.body.url.split('/').at(-1)!));
      expect(sessions[0]!.customer).toBe(sessions[1]!.customer);
      expect(fake.customers().filter((customer) => customer.id === sessions[0]!.customer)).toMatchObject([{ email: 'together@example.com', metadata: { woodshed_user_id: String(user.id) } }]);

      const other = await signInWithCode(env.app.url, 'someone-else@example.com');
      const theirs = await other.browser.post<{ url: string }>('/api/credits/purchase', { credits: 100 });
      expect(fake.session(theirs.body.url.split('/').at(-1)!).customer).not.toBe(sessions[0]!.customer);
    });

    it('refuses bad input and visitors before anything is created', async () => {
      const { browser } = await signInWithCode(env.app.url, 'bad-input@example.com');
      const before = fake.requests.length;
      expect((await browser.post('/api/subscription/create-checkout', { planType: 'weekly' })).status).toBe(400);
      expect((await browser.post('/api/credits/purchase', { credits: 150 })).status).toBe(400);
      expect((await browser.post('/api/credits/purchase', {})).status).toBe(400);
      expect((await browser.post('/api/credits/purchase', { credits: 1_000_000 })).status).toBe(400);
      const visitor = await fetch(`${env.app.url}/api/credits/create-checkout`, { method: 'POST' });
      expect(visitor.status).toBe(401);
      expect(fake.requests.length).toBe(before);
    });

    it('answers 400 and stores nothing for a tampered body, a wrong secret, a 301 s old signature or none', async () => {
      const { user, session } = await paidSubscriptionCheckout('tamper@example.com', 'monthly');
      const genuine = fake.event('checkout.session.completed', session);
      const tampered = genuine.payload.replace(`"payment_status": "paid"`, `"payment_status": "paid" `);
      expect(tampered).not.toBe(genuine.payload);
      const before = fake.requests.length;

      expect((await deliver(tampered, { signedPayload: genuine.payload })).status).toBe(400);
      expect((await deliver(genuine.payload, { secret: 'whsec_someone_else' })).status).toBe(400);
      expect((await deliver(genuine.payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
      const unsigned = await fetch(`${env.app.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: genuine.payload });
      expect(unsigned.status).toBe(400);
      expect(await typesOf(user.id)).toEqual([]);
      // Refused before Stripe was even asked about the subscription.
      expect(fake.requests.length).toBe(before);

      // The same delivery, signed properly, is accepted.
      expect((await deliver(genuine.payload)).status).toBe(200);
      expect(await typesOf(user.id)).toEqual(['SubscriptionStarted']);
    });

    it('grants one allowance for the first invoice: checkout.session.completed and invoice.paid', async () => {
      const { browser, user, session, subscriptionId } = await paidSubscriptionCheckout('first-invoice@example.com', 'yearly');
      const invoice = { id: 'in_first', object: 'invoice', billing_reason: 'subscription_create', parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } } };
      expect((await deliver(fake.event('invoice.paid', invoice).payload)).status).toBe(200);
      expect((await deliver(fake.event('checkout.session.completed', session).payload)).status).toBe(200);
      expect(await typesOf(user.id)).toEqual(['SubscriptionStarted']);
      const [started] = await paymentEventsOf(env.app, user.id);
      expect(started?.data).toMatchObject({ userId: user.id, provider: 'stripe', providerSubscriptionId: subscriptionId, plan: 'yearly' });
      await env.app.projections.waitForPosition('subscriptions', started!.position, { timeoutMs: 5_000 });
      expect(await status(browser)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active', billingInterval: 'yearly' });
    });

    it('has one effect when the same event is delivered 20 times at once', async () => {
      const { user, session } = await paidSubscriptionCheckout('twenty@example.com', 'monthly');
      const event = fake.event('checkout.session.completed', session);
      const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event.payload)));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(await typesOf(user.id)).toEqual(['SubscriptionStarted']);

      const credits = await paidCreditsCheckout('twenty-credits@example.com');
      const paid = fake.completeCheckout(credits.sessionId, { paid: true });
      const creditEvent = fake.event('checkout.session.completed', paid);
      const creditAnswers = await Promise.all(Array.from({ length: 20 }, () => deliver(creditEvent.payload)));
      expect(creditAnswers.every((answer) => answer.status === 200)).toBe(true);
      const purchases = await paymentEventsOf(env.app, credits.user.id);
      expect(purchases.map((purchase) => purchase.type)).toEqual(['CreditsPurchased']);
      expect(purchases[0]?.data).toEqual({ userId: credits.user.id, credits: 100, amountCents: 500, currency: 'usd', paymentReference: credits.sessionId });
      expect(purchases[0]?.metadata).toMatchObject({ causationId: creditEvent.id, userId: credits.user.id });
    });

    it('ends in Stripe state when updated comes before created, and deleted before updated', async () => {
      // Renewed at Stripe before any of its events arrive; `updated` is delivered before `created`.
      const renewed = await paidSubscriptionCheckout('out-of-order@example.com', 'monthly');
      const created = fake.event('customer.subscription.created', fake.subscription(renewed.subscriptionId));
      const nextStart = new Date(Date.now() + 30 * 86_400_000);
      const nextEnd = new Date(Date.now() + 61 * 86_400_000);
      const updated = fake.event('customer.subscription.updated', fake.updateSubscription(renewed.subscriptionId, { periodStart: nextStart, periodEnd: nextEnd }));
      expect((await deliver(updated.payload)).status).toBe(200);
      expect((await deliver(created.payload)).status).toBe(200);
      const events = await paymentEventsOf(env.app, renewed.user.id);
      expect(events.map((event) => event.type)).toEqual(['SubscriptionStarted']);
      expect(events[0]?.data).toMatchObject({ currentPeriodEnd: new Date(Math.floor(nextEnd.getTime() / 1000) * 1000).toISOString() });

      // Cancelled for good at Stripe; `deleted` arrives before the older `updated` (cancel at period end).
      const deleted = await paidSubscriptionCheckout('deleted-first@example.com', 'monthly');
      expect((await deliver(fake.event('checkout.session.completed', deleted.session).payload)).status).toBe(200);
      const cancelRequested = fake.event('customer.subscription.updated', fake.updateSubscription(deleted.subscriptionId, { cancelAtPeriodEnd: true }));
      const ended = fake.event('customer.subscription.deleted', fake.updateSubscription(deleted.subscriptionId, { status: 'canceled', endedAt: new Date() }));
      expect((await deliver(ended.payload)).status).toBe(200);
      expect((await deliver(cancelRequested.payload)).status).toBe(200);
      const log = await paymentEventsOf(env.app, deleted.user.id);
      expect(log.map((event) => event.type)).toEqual(['SubscriptionStarted', 'SubscriptionEnded']);
      await env.app.projections.waitForPosition('subscriptions', log.at(-1)!.position, { timeoutMs: 5_000 });
      expect(await status(deleted.browser)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'canceled' });
    });

    it('takes a cancellation back when the user withdraws it at Stripe within the period', async () => {
      const { browser, user, session, subscriptionId } = await paidSubscriptionCheckout('withdrawn@example.com', 'monthly');
      expect((await deliver(fake.event('checkout.session.completed', session).payload)).status).toBe(200);
      expect((await deliver(fake.event('customer.subscription.updated', fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true })).payload)).status).toBe(200);
      expect((await deliver(fake.event('customer.subscription.updated', fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false })).payload)).status).toBe(200);
      const log = await paymentEventsOf(env.app, user.id);
      expect(log.map((event) => event.type)).toEqual(['SubscriptionStarted', 'SubscriptionCancellationRequested', 'SubscriptionCancellationWithdrawn']);
      await env.app.projections.waitForPosition('subscriptions', log.at(-1)!.position, { timeoutMs: 5_000 });
      expect(await status(browser)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active', canceledButActive: false });
    });

    it('marks a failed renewal past due and a paid one renewed, from the subscription as Stripe has it', async () => {
      const { browser, user, session, subscriptionId } = await paidSubscriptionCheckout('renewals@example.com', 'monthly');
      expect((await deliver(fake.event('checkout.session.completed', session).payload)).status).toBe(200);
      const invoice = { id: 'in_renewal', object: 'invoice', parent: { subscription_details: { subscription: subscriptionId } } };
      fake.updateSubscription(subscriptionId, { status: 'past_due' });
      expect((await deliver(fake.event('invoice.payment_failed', invoice).payload)).status).toBe(200);
      fake.updateSubscription(subscriptionId, { status: 'active', periodStart: new Date(Date.now() + 30 * 86_400_000), periodEnd: new Date(Date.now() + 60 * 86_400_000) });
      expect((await deliver(fake.event('invoice.paid', invoice).payload)).status).toBe(200);
      const log = await paymentEventsOf(env.app, user.id);
      expect(log.map((event) => event.type)).toEqual(['SubscriptionStarted', 'SubscriptionPastDue', 'SubscriptionRenewed']);
      await env.app.projections.waitForPosition('subscriptions', log.at(-1)!.position, { timeoutMs: 5_000 });
      expect(await status(browser)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active' });
    });

    it('grants nothing for an unpaid session, and credits once its delayed payment succeeds', async () => {
      const { user, sessionId } = await paidCreditsCheckout('unpaid@example.com');
      const unpaid = fake.completeCheckout(sessionId, { paid: false });
      expect((await deliver(fake.event('checkout.session.completed', unpaid).payload)).status).toBe(200);
      expect((await deliver(fake.event('checkout.session.async_payment_failed', unpaid).payload)).status).toBe(200);
      expect(await typesOf(user.id)).toEqual([]);
      const paid = fake.completeCheckout(sessionId, { paid: true });
      expect((await deliver(fake.event('checkout.session.async_payment_succeeded', paid).payload)).status).toBe(200);
      expect(await typesOf(user.id)).toEqual(['CreditsPurchased']);

      // An unpaid subscription checkout (its first payment not through) grants no Pro either.
      const subscriber = await signInWithCode(env.app.url, 'unpaid-pro@example.com');
      const created = await subscriber.browser.post<{ url: string }>('/api/subscription/create-checkout', { planType: 'monthly' });
      const incomplete = fake.completeCheckout(created.body.url.split('/').at(-1)!, { paid: false });
      expect((await deliver(fake.event('checkout.session.completed', incomplete).payload)).status).toBe(200);
      expect(await typesOf(subscriber.user.id)).toEqual([]);
    });

    it('revokes a refunded pack once, and keeps the credits of a partial refund', async () => {
      const { user, sessionId } = await paidCreditsCheckout('refund@example.com');
      const paid = fake.completeCheckout(sessionId, { paid: true });
      // The refund is delivered before the purchase: both end up applied, once.
      const refund = fake.event('charge.refunded', fake.refundCharge(sessionId, { full: true }));
      expect((await deliver(refund.payload)).status).toBe(200);
      expect((await deliver(refund.payload)).status).toBe(200);
      expect((await deliver(fake.event('checkout.session.completed', paid).payload)).status).toBe(200);
      expect((await deliver(fake.event('charge.refunded', fake.refundCharge(sessionId, { full: true })).payload)).status).toBe(200);
      const log = await paymentEventsOf(env.app, user.id);
      expect(log.map((event) => event.type)).toEqual(['CreditsPurchased', 'CreditsRefunded']);
      expect(log[1]?.data).toEqual({ userId: user.id, credits: 100, amountCents: 500, currency: 'usd', paymentReference: sessionId });

      const partial = await paidCreditsCheckout('partial-refund@example.com');
      const partialPaid = fake.completeCheckout(partial.sessionId, { paid: true });
      expect((await deliver(fake.event('checkout.session.completed', partialPaid).payload)).status).toBe(200);
      expect((await deliver(fake.event('charge.refunded', fake.refundCharge(partial.sessionId, { full: false })).payload)).status).toBe(200);
      expect(await typesOf(partial.user.id)).toEqual(['CreditsPurchased']);
    });

    it('rolls everything back when it fails after recording the event, and the retry applies once', async () => {
      const { user, sessionId } = await paidCreditsCheckout('rollback@example.com');
      const event = fake.event('checkout.session.completed', fake.completeCheckout(sessionId, { paid: true }));
      failNextAppendOf = event.id;
      const failed = await deliver(event.payload);
      expect(failed.status).toBe(500);
      expect(failNextAppendOf).toBeUndefined();
      expect(await typesOf(user.id)).toEqual([]);
      expect((await env.app.store.readStream(`credit-purchase-${sessionId}`)).length).toBe(0);

      expect((await deliver(event.payload)).status).toBe(200);
      expect((await deliver(event.payload)).status).toBe(200);
      expect(await typesOf(user.id)).toEqual(['CreditsPurchased']);
    });

    it('cancels at the period end at Stripe and answers when access ends', async () => {
      const { browser, user, session, subscriptionId } = await paidSubscriptionCheckout('cancel@example.com', 'monthly');
      expect((await deliver(fake.event('checkout.session.completed', session).payload)).status).toBe(200);
      const [started] = await paymentEventsOf(env.app, user.id);
      await env.app.projections.waitForPosition('subscriptions', started!.position, { timeoutMs: 5_000 });
      const periodEnd = (started!.data as { currentPeriodEnd: string }).currentPeriodEnd;

      const cancelled = await browser.post('/api/subscription/cancel');
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({ subscriptionEndsAt: periodEnd });
      expect(fake.subscription(subscriptionId).cancel_at_period_end).toBe(true);
      expect(await status(browser)).toMatchObject({ hasActiveSubscription: true, canceledButActive: true, subscriptionEndsAt: periodEnd });
      // Stripe's own webhook for the change comes later and changes nothing more.
      expect((await deliver(fake.event('customer.subscription.updated', fake.subscription(subscriptionId)).payload)).status).toBe(200);
      expect(await typesOf(user.id)).toEqual(['SubscriptionStarted', 'SubscriptionCancellationRequested']);

      const { browser: free } = await signInWithCode(env.app.url, 'cancel-free@example.com');
      expect((await free.post('/api/subscription/cancel')).status).toBe(404);
    });

    it('refuses a second subscription while one is active', async () => {
      const { browser, user } = await signInWithCode(env.app.url, 'already-pro@example.com');
      await startProSubscription(env.app, user.id);
      const before = fake.requests.length;
      const again = await browser.post<{ error: { code: string } }>('/api/subscription/create-checkout', { planType: 'yearly' });
      expect(again.status).toBe(409);
      expect(fake.requests.length).toBe(before);
    });

    it('acknowledges event types it does not handle, and has no test checkout', async () => {
      expect((await deliver(fake.event('customer.created', { id: 'cus_1', object: 'customer' }).payload)).status).toBe(200);
      const { browser } = await signInWithCode(env.app.url, 'no-test-checkout@example.com');
      expect((await browser.get(`/api/test-checkout/cs_test_local_${'0'.repeat(32)}`)).status).toBe(404);
    });
  },
);
