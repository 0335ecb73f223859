import { z } from 'zod';

/**
 * The parts of Stripe's webhook events Woodshed reads, validated at the edge (Stripe's own objects
 * carry far more). The local test checkout builds events of the same shape, so both go through
 * the same handler.
 */
const idOrObject = z.union([z.string(), z.object({ id: z.string() })]).transform((value) => (typeof value === 'string' ? value : value.id));

export const checkoutSessionObject = z.object({
  id: z.string().min(1),
  object: z.literal('checkout.session'),
  mode: z.enum(['payment', 'subscription', 'setup']),
  /** paid, unpaid (an async method still settling, or failed) or no_payment_required. */
  payment_status: z.string(),
  subscription: idOrObject.nullish(),
  payment_intent: idOrObject.nullish(),
  amount_total: z.number().int().nonnegative().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type CheckoutSessionObject = z.output<typeof checkoutSessionObject>;

const invoiceObject = z.object({
  id: z.string().min(1),
  object: z.literal('invoice'),
  // Since API version 2025-03-31 the subscription sits under `parent`; older versions had it on top.
  parent: z.object({ subscription_details: z.object({ subscription: idOrObject }).nullish() }).nullish(),
  subscription: idOrObject.nullish(),
});

const subscriptionObject = z.object({ id: z.string().min(1), object: z.literal('subscription') });

const chargeObject = z.object({
  id: z.string().min(1),
  object: z.literal('charge'),
  payment_intent: idOrObject.nullish(),
  /** Whether the whole charge has been refunded. */
  refunded: z.boolean(),
});

const event = <Type extends string, Schema extends z.ZodType>(types: readonly [Type, ...Type[]], object: Schema) =>
  z.object({ id: z.string().min(1), type: z.enum(types), data: z.object({ object }) });

/** The event types handled; Stripe may send others to the endpoint, which are acknowledged and ignored. */
export const handledPaymentEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;

export const paymentEvent = z.union([
  event(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed'], checkoutSessionObject),
  event(['invoice.paid', 'invoice.payment_failed'], invoiceObject),
  event(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'], subscriptionObject),
  event(['charge.refunded'], chargeObject),
]);
export type PaymentEvent = z.output<typeof paymentEvent>;

/** The metadata keys Woodshed puts on its checkout sessions, subscriptions and payment intents. */
export const metadataKeys = {
  userId: 'woodshed_user_id',
  purpose: 'woodshed_purpose',
  plan: 'woodshed_plan',
  credits: 'woodshed_credits',
} as const;
