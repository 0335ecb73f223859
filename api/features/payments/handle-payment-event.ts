import type { DecidedEvent } from '../../../events/catalog';
import type { Position } from '../../../events/store/event-store';
import type { AppDependencies } from '../../app-dependencies';
import { type CreditsCheckout, evolveCreditPurchase, initialCreditPurchaseState, reconcileCreditPurchase } from './credit-purchase-decisions';
import { type CheckoutSessionObject, type PaymentEvent, metadataKeys } from './payment-event';
import type { PaymentProvider } from './payment-provider';
import { type PaymentCause, reconcileStream } from './reconcile-stream';
import { evolveSubscription, initialSubscriptionState, reconcileSubscription } from './subscription-decisions';

export type PaymentDependencies = Pick<AppDependencies, 'store' | 'clock' | 'logger'>;

/** What handling one provider event did. */
export interface PaymentOutcome {
  events: readonly DecidedEvent[];
  /** Position of the last event appended; undefined when nothing changed. */
  position: Position | undefined;
  /** The read model to wait for before the user looks (after the local test checkout). */
  readModel: 'subscriptions' | 'credits' | undefined;
}

const nothing: PaymentOutcome = { events: [], position: undefined, readModel: undefined };

/**
 * The one handler of payment events (Stripe webhooks, the test checkout). Subscriptions are fetched
 * from the provider and reconciled, never taken from the event, so any delivery order ends in the
 * provider's state. The provider event's id is the causation id of what is appended.
 */
export async function handlePaymentEvent(deps: PaymentDependencies, provider: PaymentProvider, event: PaymentEvent, requestId: string): Promise<PaymentOutcome> {
  const cause: PaymentCause = { requestId, causationId: event.id };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      if (session.mode === 'subscription' && session.subscription) return syncSubscription(deps, provider, session.subscription, cause);
      if (session.mode === 'payment' && session.metadata?.[metadataKeys.purpose] === 'credits') return syncCreditPurchase(deps, session, false, cause);
      return nothing;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
      return subscriptionId ? syncSubscription(deps, provider, subscriptionId, cause) : nothing;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return syncSubscription(deps, provider, event.data.object.id, cause);
    case 'charge.refunded': {
      const charge = event.data.object;
      if (!charge.payment_intent) return nothing;
      const session = await provider.checkoutSessionOfPayment(charge.payment_intent);
      if (!session || session.metadata?.[metadataKeys.purpose] !== 'credits') return nothing;
      return syncCreditPurchase(deps, session, charge.refunded, cause);
    }
  }
}

/** Bring the subscription's stream to the provider's state (also after the user's own cancel). */
export async function syncSubscription(deps: PaymentDependencies, provider: PaymentProvider, subscriptionId: string, cause: PaymentCause): Promise<PaymentOutcome> {
  const { events, position } = await reconcileStream(deps, cause, {
    stream: `subscription-${subscriptionId}`,
    initialState: initialSubscriptionState,
    evolve: evolveSubscription,
    decide: async (state) => {
      const remote = await provider.retrieveSubscription(subscriptionId);
      if (remote?.userId === undefined) {
        deps.logger.warn({ subscriptionId, known: remote !== undefined }, 'payment event for a subscription without a Woodshed user: ignored');
        return [];
      }
      return reconcileSubscription(state, { ...remote, userId: remote.userId }, provider.name);
    },
  });
  return { events, position, readModel: 'subscriptions' };
}

async function syncCreditPurchase(deps: PaymentDependencies, session: CheckoutSessionObject, refunded: boolean, cause: PaymentCause): Promise<PaymentOutcome> {
  const checkout = creditsCheckoutOf(session, refunded);
  if (!checkout) {
    deps.logger.warn({ sessionId: session.id }, 'credits checkout without a valid user or credit count in its metadata: ignored');
    return nothing;
  }
  const { events, position } = await reconcileStream(deps, cause, {
    stream: `credit-purchase-${session.id}`,
    initialState: initialCreditPurchaseState,
    evolve: evolveCreditPurchase,
    decide: async (state) => reconcileCreditPurchase(state, checkout),
  });
  return { events, position, readModel: 'credits' };
}

const positiveInteger = (value: string | undefined) => (value !== undefined && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

function creditsCheckoutOf(session: CheckoutSessionObject, refunded: boolean): CreditsCheckout | undefined {
  const userId = positiveInteger(session.metadata?.[metadataKeys.userId]);
  const credits = positiveInteger(session.metadata?.[metadataKeys.credits]);
  if (userId === undefined || credits === undefined || !session.currency) return undefined;
  return {
    sessionId: session.id,
    userId,
    credits,
    amountCents: session.amount_total ?? 0,
    currency: session.currency.toLowerCase(),
    paid: session.payment_status === 'paid',
    refunded,
  };
}
