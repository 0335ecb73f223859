import type { DecidedEvent, StoredEvent } from '../../../events/catalog';

/** One checkout session's credits, as its stream (`credit-purchase-<session id>`) tells it. */
export interface CreditPurchaseState {
  purchased: { userId: number; credits: number; amountCents: number; currency: string } | undefined;
  refunded: boolean;
}

export const initialCreditPurchaseState: CreditPurchaseState = { purchased: undefined, refunded: false };

export function evolveCreditPurchase(state: CreditPurchaseState, event: StoredEvent): CreditPurchaseState {
  switch (event.type) {
    case 'CreditsPurchased':
      return { ...state, purchased: { userId: event.data.userId, credits: event.data.credits, amountCents: event.data.amountCents, currency: event.data.currency } };
    case 'CreditsRefunded':
      return { ...state, refunded: true };
    default:
      return state;
  }
}

/** A credits checkout session as the provider states it now. */
export interface CreditsCheckout {
  sessionId: string;
  userId: number;
  credits: number;
  amountCents: number;
  currency: string;
  /** Paid in full (`payment_status` paid): only then are credits granted. */
  paid: boolean;
  /** The whole payment has been refunded. */
  refunded: boolean;
}

type CreditEvent = DecidedEvent<'CreditsPurchased' | 'CreditsRefunded'>;

/**
 * The events that bring a purchase to the provider's state: credits once paid, revoked once on a
 * full refund (both in one append when the refund comes first); a partial refund keeps the credits.
 */
export function reconcileCreditPurchase(state: CreditPurchaseState, checkout: CreditsCheckout): CreditEvent[] {
  const events: CreditEvent[] = [];
  const purchase = { userId: checkout.userId, credits: checkout.credits, amountCents: checkout.amountCents, currency: checkout.currency, paymentReference: checkout.sessionId };
  let purchased = state.purchased;
  if (purchased === undefined && checkout.paid) {
    events.push({ type: 'CreditsPurchased', data: purchase });
    purchased = purchase;
  }
  if (purchased !== undefined && checkout.refunded && !state.refunded) {
    events.push({ type: 'CreditsRefunded', data: { ...purchased, paymentReference: checkout.sessionId } });
  }
  return events;
}
