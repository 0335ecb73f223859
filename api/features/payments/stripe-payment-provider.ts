import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { SubscriptionPlan } from '../../../events/catalog';
import type { Config } from '../../config/env';
import { AppError } from '../../http/app-error';
import { checkoutSessionObject, metadataKeys } from './payment-event';
import type { PaymentProvider, ProviderSubscription } from './payment-provider';
import { creditPack, currency, subscriptionPrices } from './prices';

/**
 * This process's Stripe client, at the API version the SDK pins; `STRIPE_API_URL` points it at the
 * tests' fake. Two retries on network errors, safe through the SDK's idempotency keys.
 */
export function createStripeClient(config: Pick<Config, 'stripeSecretKey' | 'stripeApiUrl'>): Stripe {
  if (config.stripeSecretKey === undefined) throw new Error('createStripeClient needs STRIPE_SECRET_KEY');
  const endpoint = config.stripeApiUrl !== undefined ? new URL(config.stripeApiUrl) : undefined;
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Woodshed' },
    ...(endpoint && {
      host: endpoint.hostname,
      port: endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80),
      protocol: endpoint.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Checkout Sessions on Stripe's hosted page; prices inline (no products to set up in the dashboard). */
export function stripePaymentProvider(stripe: Stripe, logger: Logger): PaymentProvider {
  /** Stripe's failures at checkout become a 502 the user can act on; what Stripe said goes to the log. */
  async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      logger.error({ stripeError: { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId, message: error.message } }, 'Stripe call failed');
      throw new AppError(502, 'payments_unavailable', 'The payment provider could not be reached. Nothing was charged; please try again.');
    }
  }

  /**
   * The user's one Stripe customer, so their payments, subscriptions and invoices sit together
   * at Stripe. Listing by e-mail is consistent at once (Stripe's search is not); the create call's
   * idempotency key makes two checkouts started together get the same customer.
   */
  async function customerOf(userId: number, email: string): Promise<string> {
    const listed = await stripe.customers.list({ email, limit: 100 });
    const mine = listed.data.find((customer) => customer.metadata[metadataKeys.userId] === String(userId));
    if (mine) return mine.id;
    const emailDigest = createHash('sha256').update(email).digest('hex').slice(0, 16);
    const created = await stripe.customers.create({ email, metadata: { [metadataKeys.userId]: String(userId) } }, { idempotencyKey: `woodshed-customer-${userId}-${emailDigest}` });
    return created.id;
  }

  return {
    name: 'stripe',

    async createSubscriptionCheckout({ userId, email, plan, successUrl, cancelUrl }) {
      const price = subscriptionPrices[plan];
      const metadata = { [metadataKeys.userId]: String(userId), [metadataKeys.purpose]: 'subscription', [metadataKeys.plan]: plan };
      const customer = await stripeCall(() => customerOf(userId, email));
      const session = await stripeCall(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ quantity: 1, price_data: { currency, unit_amount: price.amountCents, recurring: { interval: price.interval }, product_data: { name: price.name } } }],
          client_reference_id: String(userId),
          customer,
          metadata,
          // The subscription carries the user, so its later events (renewals, cancellation) find them.
          subscription_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      return { url: checkoutUrl(session) };
    },

    async createCreditsCheckout({ userId, email, credits, amountCents, successUrl, cancelUrl }) {
      const metadata = { [metadataKeys.userId]: String(userId), [metadataKeys.purpose]: 'credits', [metadataKeys.credits]: String(credits) };
      const customer = await stripeCall(() => customerOf(userId, email));
      const session = await stripeCall(() =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ quantity: credits / creditPack.credits, price_data: { currency, unit_amount: creditPack.amountCents, product_data: { name: creditPack.name } } }],
          client_reference_id: String(userId),
          customer,
          metadata,
          payment_intent_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      if (session.amount_total !== null && session.amount_total !== amountCents) {
        throw new AppError(502, 'payments_unavailable', 'The payment provider priced this purchase unexpectedly. Nothing was charged; please try again.');
      }
      return { url: checkoutUrl(session) };
    },

    async retrieveSubscription(id) {
      try {
        return toProviderSubscription(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return undefined;
        throw error;
      }
    },

    async cancelAtPeriodEnd(id) {
      await stripeCall(() => stripe.subscriptions.update(id, { cancel_at_period_end: true }));
    },

    async checkoutSessionOfPayment(paymentIntentId) {
      const { data } = await stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
      return data[0] === undefined ? undefined : checkoutSessionObject.parse(data[0]);
    },
  };
}

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  // Since API version 2025-03-31 the period is per item; Woodshed's subscriptions have one item.
  const item = subscription.items.data[0];
  if (item === undefined) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  const userIdText = subscription.metadata[metadataKeys.userId];
  const userId = userIdText !== undefined && /^[1-9]\d{0,8}$/.test(userIdText) ? Number(userIdText) : undefined;
  const plan: SubscriptionPlan = item.price.recurring?.interval === 'year' ? 'yearly' : 'monthly';
  const endedAt = subscription.ended_at ?? subscription.canceled_at;
  return {
    id: subscription.id,
    status: subscription.status,
    userId,
    plan,
    currentPeriodStart: iso(item.current_period_start),
    currentPeriodEnd: iso(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: endedAt === null ? null : iso(endedAt),
    cancellationReason: subscription.cancellation_details?.reason ?? null,
  };
}

function checkoutUrl(session: Stripe.Checkout.Session): string {
  if (session.url === null) throw new AppError(502, 'payments_unavailable', 'The payment provider returned no checkout page. Please try again.');
  return session.url;
}
