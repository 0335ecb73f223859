import Router from '@koa/router';
import { isPurchasingEnabled } from '../../../projections/purchasing-setting/purchasing-setting-queries';
import { activeSubscriptionOf, hasActiveSubscription, subscriptionStatusOf } from '../../../projections/subscriptions/subscriptions-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { syncSubscription } from './handle-payment-event';
import { type PaymentSetup, providerOf } from './payment-setup';
import type { PaymentProvider } from './payment-provider';
import { cancelSubscriptionBody, createCreditsCheckoutBody, createSubscriptionCheckoutBody, purchaseCreditsBody } from './payments-requests';
import type { CancelSubscription, Checkout } from '../../../contract/purchasing';
import { creditPack, returnUrls } from './prices';
import { waitForPaymentReadModel } from './wait-for-payment-read-model';

/**
 * Buying and cancelling (spec 000 section 7): POST /api/subscription/create-checkout { planType? },
 * /api/credits/create-checkout, /api/credits/purchase { credits } -> { url }; POST
 * /api/subscription/cancel -> { subscriptionEndsAt }. Checkouts are 403 purchasing_disabled while
 * purchasing is off, before anything is created at the provider.
 */
export function checkoutRouter(deps: AppDependencies, setup: PaymentSetup): AppRouter {
  const router = new Router<AppState>({ prefix: '/api' });

  async function checkoutProvider(): Promise<PaymentProvider> {
    if (!(await isPurchasingEnabled(deps.sql))) {
      throw new AppError(403, 'purchasing_disabled', "We're currently unable to process purchases. Please contact support for assistance.");
    }
    if (setup.provider === undefined) {
      throw new AppError(503, 'payments_unavailable', 'Payments are not set up on this server. Please contact support for assistance.');
    }
    return setup.provider;
  }

  router.post('/subscription/create-checkout', async (ctx) => {
    const user = requireUser(ctx);
    const { planType } = parseBody(ctx, createSubscriptionCheckoutBody);
    const provider = await checkoutProvider();
    if (await hasActiveSubscription(deps.sql, user.id, deps.clock.now())) {
      throw new AppError(409, 'conflict', 'You already have an active Pro subscription.');
    }
    const checkout = await provider.createSubscriptionCheckout({ userId: user.id, email: user.email, plan: planType, ...returnUrls(deps.config.publicUrl, 'subscription') });
    ctx.body = { url: checkout.url } satisfies Checkout;
  });

  router.post('/credits/create-checkout', async (ctx) => {
    const user = requireUser(ctx);
    parseBody(ctx, createCreditsCheckoutBody);
    const provider = await checkoutProvider();
    const checkout = await provider.createCreditsCheckout({
      userId: user.id,
      email: user.email,
      credits: creditPack.credits,
      amountCents: creditPack.amountCents,
      ...returnUrls(deps.config.publicUrl, 'credits-membership'),
    });
    ctx.body = { url: checkout.url } satisfies Checkout;
  });

  router.post('/credits/purchase', async (ctx) => {
    const user = requireUser(ctx);
    const { credits } = parseBody(ctx, purchaseCreditsBody);
    const provider = await checkoutProvider();
    const checkout = await provider.createCreditsCheckout({
      userId: user.id,
      email: user.email,
      credits,
      amountCents: (credits / creditPack.credits) * creditPack.amountCents,
      ...returnUrls(deps.config.publicUrl, 'credits-usage'),
    });
    ctx.body = { url: checkout.url } satisfies Checkout;
  });

  router.post('/subscription/cancel', async (ctx) => {
    const user = requireUser(ctx);
    parseBody(ctx, cancelSubscriptionBody);
    const subscription = await activeSubscriptionOf(deps.sql, user.id, deps.clock.now());
    if (subscription === undefined) throw new AppError(404, 'not_found', 'You have no active subscription to cancel.');
    const provider = providerOf(setup, subscription.provider);
    if (provider === undefined) {
      throw new AppError(503, 'payments_unavailable', 'This subscription cannot be changed from this server right now. Please contact support for assistance.');
    }
    await provider.cancelAtPeriodEnd(subscription.providerSubscriptionId);
    // The provider will also send a webhook for this; syncing now lets the answer show the change.
    const outcome = await syncSubscription(deps, provider, subscription.providerSubscriptionId, { requestId: ctx.state.requestId, causationId: ctx.state.requestId });
    await waitForPaymentReadModel(deps, outcome);
    const status = await subscriptionStatusOf(deps.sql, user.id, deps.clock.now());
    ctx.body = { subscriptionEndsAt: status.subscriptionEndsAt ?? subscription.currentPeriodEnd } satisfies CancelSubscription;
  });

  return router;
}
