import type { SubscriptionPlan } from '../../../events/catalog';
import type { CheckoutSessionObject } from './payment-event';

/** A subscription as the provider holds it now (Stripe's object, reduced to what access needs). */
export interface ProviderSubscription {
  id: string;
  /** Stripe's status: active, trialing, past_due, unpaid, paused, incomplete, incomplete_expired, canceled. */
  status: string;
  /** The Woodshed user it was bought for (the checkout's metadata); undefined for a subscription made elsewhere. */
  userId: number | undefined;
  plan: SubscriptionPlan;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** When it ended (status canceled or incomplete_expired). */
  endedAt: string | null;
  /** Stripe's `cancellation_details.reason` (payment_failed, cancellation_requested, ...). */
  cancellationReason: string | null;
}

/** What every checkout needs: who buys, and where the browser comes back to. */
export interface CheckoutRequest {
  userId: number;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Who takes the money: Stripe, or the local test checkout of the embedded default. Both answer
 * the same questions, so the payment events go through the same handlers whichever it is.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test-checkout';
  /** A hosted checkout for a Pro subscription; the browser goes to `url`. */
  createSubscriptionCheckout(request: CheckoutRequest & { plan: SubscriptionPlan }): Promise<{ url: string }>;
  /** A hosted checkout for `credits` (whole packs) paid once. */
  createCreditsCheckout(request: CheckoutRequest & { credits: number; amountCents: number }): Promise<{ url: string }>;
  /** The subscription as it is now; undefined when the provider does not know it. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>;
  /** Cancel at the end of the paid period (the user keeps access until then). */
  cancelAtPeriodEnd(id: string): Promise<void>;
  /** The checkout session a payment (Stripe payment intent) belongs to, for refunds. */
  checkoutSessionOfPayment(paymentIntentId: string): Promise<CheckoutSessionObject | undefined>;
}
