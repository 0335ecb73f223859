import { z } from 'zod';
import { defineEvent } from './define-event';

/** What a credit pack's payment and its refund both record. */
const creditPackPayment = z.object({
  userId: z.number().int().positive(),
  /** The credits the pack grants (for a refund: those the refunded purchase granted). */
  credits: z.number().int().positive(),
  amountCents: z.number().int().nonnegative(),
  currency: z.string().length(3),
  /** The payment provider's reference (checkout session id), for reconciliation; a refund names its purchase's. */
  paymentReference: z.string().min(1),
});

/** A pack of credits was paid for (Stripe or the local test checkout). Packs never expire. */
export const CreditsPurchased = defineEvent({ type: 'CreditsPurchased', schemaVersion: 1, schema: creditPackPayment });

/** A credit purchase was refunded: the pack's credits still left are revoked (never a debt). */
export const CreditsRefunded = defineEvent({ type: 'CreditsRefunded', schemaVersion: 1, schema: creditPackPayment });

/** An operator granted (positive) or took back (negative) paid credits; never below none left. */
export const CreditsAdjusted = defineEvent({
  type: 'CreditsAdjusted',
  schemaVersion: 1,
  schema: z.object({
    userId: z.number().int().positive(),
    credits: z
      .number()
      .int()
      .refine((credits) => credits !== 0, 'An adjustment changes the balance'),
    reason: z.string().trim().min(1).max(500),
  }),
});

const userId = z.number().int().positive();
/** Subscription plans of spec 000 section 1: Pro monthly ($15) or yearly ($160). */
export const subscriptionPlans = ['monthly', 'yearly'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];
/** Who bills the subscription: Stripe, or the local test checkout of the embedded default (no real payment). */
export const subscriptionProviders = ['stripe', 'test-checkout'] as const;

/** The provider's subscription id, so every delivery for one subscription lands on one stream. */
const subscriptionRef = {
  userId,
  provider: z.enum(subscriptionProviders),
  providerSubscriptionId: z.string().min(1).max(255),
};

/** A billing period as the provider states it: access follows `currentPeriodEnd`, never computed. */
const billingPeriod = {
  plan: z.enum(subscriptionPlans),
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
};

/** A subscription was paid for the first time (checkout completed and paid). */
export const SubscriptionStarted = defineEvent({
  type: 'SubscriptionStarted',
  schemaVersion: 1,
  schema: z.object({ ...subscriptionRef, ...billingPeriod }),
});

/** A further period was paid (Stripe `invoice.paid` after the first); the plan may have changed. */
export const SubscriptionRenewed = defineEvent({
  type: 'SubscriptionRenewed',
  schemaVersion: 1,
  schema: z.object({ ...subscriptionRef, ...billingPeriod }),
});

/** The user asked to cancel: the subscription runs to `endsAt` (the paid period's end), then ends. */
export const SubscriptionCancellationRequested = defineEvent({
  type: 'SubscriptionCancellationRequested',
  schemaVersion: 1,
  schema: z.object({ ...subscriptionRef, endsAt: z.iso.datetime() }),
});

/** The user withdrew the cancellation before the period ended: the subscription renews as before. */
export const SubscriptionCancellationWithdrawn = defineEvent({
  type: 'SubscriptionCancellationWithdrawn',
  schemaVersion: 1,
  schema: z.object(subscriptionRef),
});

/** A renewal payment failed (Stripe `invoice.payment_failed`); access still runs to the paid period's end. */
export const SubscriptionPastDue = defineEvent({
  type: 'SubscriptionPastDue',
  schemaVersion: 1,
  schema: z.object(subscriptionRef),
});

/** The subscription is over (Stripe `customer.subscription.deleted`, or a refund): access stops at `endedAt`. */
export const SubscriptionEnded = defineEvent({
  type: 'SubscriptionEnded',
  schemaVersion: 1,
  schema: z.object({
    ...subscriptionRef,
    endedAt: z.iso.datetime(),
    reason: z.enum(['canceled', 'payment_failed', 'refunded']),
  }),
});

/** Every subscription event type, in the order of a subscription's life. */
export const subscriptionEventTypes = [
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionCancellationRequested',
  'SubscriptionCancellationWithdrawn',
  'SubscriptionPastDue',
  'SubscriptionEnded',
] as const;
