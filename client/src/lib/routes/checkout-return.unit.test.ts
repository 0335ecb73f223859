import { describe, expect, it } from 'vitest';
import { checkoutReturnToast, membershipReturnParams, readCheckoutReturn, usageReturnParams } from './checkout-return';

describe('checkout return parameters', () => {
  it('reads the membership returns and clears them, keeping other parameters', () => {
    expect(readCheckoutReturn('?success=true', membershipReturnParams)).toEqual({ outcome: 'subscribed', found: true, search: '' });
    expect(readCheckoutReturn('?canceled=true&x=1', membershipReturnParams)).toEqual({ outcome: 'upgradeCanceled', found: true, search: '?x=1' });
    expect(readCheckoutReturn('?credits_purchase=success', membershipReturnParams).outcome).toBe('creditsPurchased');
    expect(readCheckoutReturn('?credits_purchase=canceled', membershipReturnParams).outcome).toBe('purchaseCanceled');
  });

  it('reads the usage return', () => {
    expect(readCheckoutReturn('?purchase=success', usageReturnParams)).toEqual({ outcome: 'creditsPurchased', found: true, search: '' });
    expect(readCheckoutReturn('?purchase=canceled', usageReturnParams).outcome).toBe('purchaseCanceled');
  });

  it("ignores another screen's parameters and clears unknown values without an outcome", () => {
    expect(readCheckoutReturn('?purchase=success', membershipReturnParams)).toEqual({ outcome: null, found: false, search: '?purchase=success' });
    expect(readCheckoutReturn('?success=maybe', membershipReturnParams)).toEqual({ outcome: null, found: true, search: '' });
  });

  it('gives the spec toasts, and none for a new subscription (it has its dialog)', () => {
    expect(checkoutReturnToast('creditsPurchased')).toEqual({ title: 'Credits Purchased!', description: '100 credits have been added to your account.' });
    expect(checkoutReturnToast('purchaseCanceled')?.title).toBe('Purchase Canceled');
    expect(checkoutReturnToast('upgradeCanceled')?.title).toBe('Upgrade Canceled');
    expect(checkoutReturnToast('purchaseCanceled')?.description).toMatch(/^No worries/);
    expect(checkoutReturnToast('subscribed')).toBeNull();
  });
});
