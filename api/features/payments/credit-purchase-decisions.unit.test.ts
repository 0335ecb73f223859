import { describe, expect, it } from 'vitest';
import { type CreditsCheckout, initialCreditPurchaseState, reconcileCreditPurchase } from './credit-purchase-decisions';

const checkout = (patch: Partial<CreditsCheckout> = {}): CreditsCheckout => ({
  sessionId: 'cs_1',
  userId: 7,
  credits: 100,
  amountCents: 500,
  currency: 'usd',
  paid: true,
  refunded: false,
  ...patch,
});
const data = { userId: 7, credits: 100, amountCents: 500, currency: 'usd', paymentReference: 'cs_1' };
const purchased = { purchased: { userId: 7, credits: 100, amountCents: 500, currency: 'usd' }, refunded: false };

describe('reconcileCreditPurchase', () => {
  it('grants a paid session once and an unpaid one never', () => {
    expect(reconcileCreditPurchase(initialCreditPurchaseState, checkout())).toEqual([{ type: 'CreditsPurchased', data }]);
    expect(reconcileCreditPurchase(purchased, checkout())).toEqual([]);
    expect(reconcileCreditPurchase(initialCreditPurchaseState, checkout({ paid: false }))).toEqual([]);
  });

  it('revokes a full refund once, even when it comes before the purchase', () => {
    expect(reconcileCreditPurchase(purchased, checkout({ refunded: true }))).toEqual([{ type: 'CreditsRefunded', data }]);
    expect(reconcileCreditPurchase({ ...purchased, refunded: true }, checkout({ refunded: true }))).toEqual([]);
    expect(reconcileCreditPurchase(initialCreditPurchaseState, checkout({ refunded: true }))).toEqual([
      { type: 'CreditsPurchased', data },
      { type: 'CreditsRefunded', data },
    ]);
  });
});
