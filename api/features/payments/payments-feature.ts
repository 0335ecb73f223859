import type { Feature } from '../../feature';
import { checkoutRouter } from './checkout-router';
import { paymentSetup } from './payment-setup';
import { purchasingRouter } from './purchasing-router';
import { stripeWebhookPath, stripeWebhookRouter } from './stripe-webhook-router';
import { createTestCheckoutRenewalJob } from './test-checkout-renewal-job';
import { testCheckoutRouter } from './test-checkout-router';

/**
 * Payments: checkouts for Pro and credit packs, cancelling, Stripe's webhook, the local test
 * checkout of the embedded default (and its renewal job), and the purchasing switch as the screens read it.
 */
export const paymentsFeature: Feature = {
  name: 'payments',
  rawBodyPaths: [stripeWebhookPath],
  routers: (deps) => {
    const setup = paymentSetup(deps);
    if (setup.provider === undefined) deps.logger.warn('payments: no STRIPE_SECRET_KEY in production, so every checkout is refused');
    return [purchasingRouter(deps), checkoutRouter(deps, setup), stripeWebhookRouter(deps, setup), testCheckoutRouter(deps, setup)];
  },
  // Stripe renews and ends subscriptions itself; the local test checkout needs a job for it.
  jobs: (deps) => {
    const { testCheckout } = paymentSetup(deps);
    return testCheckout ? [createTestCheckoutRenewalJob({ deps, testCheckout })] : [];
  },
};
