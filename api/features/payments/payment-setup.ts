import type Stripe from 'stripe';
import type { AppDependencies } from '../../app-dependencies';
import type { PaymentProvider } from './payment-provider';
import { createStripeClient, stripePaymentProvider } from './stripe-payment-provider';
import { type TestCheckout, testCheckoutProvider } from './test-checkout-provider';

/** How this process takes payments, decided once from the configuration. */
export interface PaymentSetup {
  /** Who new checkouts go to; undefined in production without Stripe (purchases are refused). */
  provider: PaymentProvider | undefined;
  /** Stripe and its webhook secret, when configured. */
  stripe: { client: Stripe; provider: PaymentProvider; webhookSecret: string } | undefined;
  /** The local test checkout: only without Stripe and outside production. */
  testCheckout: (PaymentProvider & TestCheckout) | undefined;
}

export function paymentSetup(deps: Pick<AppDependencies, 'config' | 'sql' | 'clock' | 'logger'>): PaymentSetup {
  const { config } = deps;
  if (config.stripeSecretKey !== undefined && config.stripeWebhookSecret !== undefined) {
    const client = createStripeClient(config);
    const provider = stripePaymentProvider(client, deps.logger);
    return { provider, stripe: { client, provider, webhookSecret: config.stripeWebhookSecret }, testCheckout: undefined };
  }
  if (config.nodeEnv === 'production') return { provider: undefined, stripe: undefined, testCheckout: undefined };
  const testCheckout = testCheckoutProvider({ sql: deps.sql, clock: deps.clock, publicUrl: config.publicUrl });
  return { provider: testCheckout, stripe: undefined, testCheckout };
}

/** The provider that made a subscription, when this process can still talk to it. */
export function providerOf(setup: PaymentSetup, name: 'stripe' | 'test-checkout'): PaymentProvider | undefined {
  return name === 'stripe' ? setup.stripe?.provider : setup.testCheckout;
}
