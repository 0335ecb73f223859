import type { ToastInput } from '../../components/ui/toast-store';

/** What a return from the checkout says happened. */
export type CheckoutReturn = 'subscribed' | 'upgradeCanceled' | 'creditsPurchased' | 'purchaseCanceled';

/** The return query parameters each screen reads, then clears (spec 000, section 2). */
export const membershipReturnParams = ['success', 'canceled', 'credits_purchase'] as const;
export const usageReturnParams = ['purchase'] as const;

/** One of the return query parameters. */
export type CheckoutReturnParam = (typeof membershipReturnParams)[number] | (typeof usageReturnParams)[number];

const outcomes: Record<CheckoutReturnParam, Readonly<Record<string, CheckoutReturn>>> = {
  success: { true: 'subscribed' },
  canceled: { true: 'upgradeCanceled' },
  credits_purchase: { success: 'creditsPurchased', canceled: 'purchaseCanceled' },
  purchase: { success: 'creditsPurchased', canceled: 'purchaseCanceled' },
};

/** {@link readCheckoutReturn}'s answer. */
export interface CheckoutReturnReading {
  /** What happened, when a parameter names it (the first one listed wins). */
  outcome: CheckoutReturn | null;
  /** Whether any of the screen's parameters was there (with any value), so the address needs clearing. */
  found: boolean;
  /** The query string without the screen's parameters ('' or '?...'). */
  search: string;
}

/** Reads the screen's return parameters out of `search` and gives the query string without them. */
export function readCheckoutReturn(search: string, params: readonly CheckoutReturnParam[]): CheckoutReturnReading {
  const query = new URLSearchParams(search);
  let outcome: CheckoutReturn | null = null;
  let found = false;
  for (const param of params) {
    const value = query.get(param);
    if (value === null) continue;
    found = true;
    outcome ??= outcomes[param][value] ?? null;
    query.delete(param);
  }
  const rest = query.toString();
  return { outcome, found, search: rest ? `?${rest}` : '' };
}

/** The toast of spec 000, section 8 for an outcome; a new subscription gets its dialog instead. */
export function checkoutReturnToast(outcome: CheckoutReturn): ToastInput | null {
  switch (outcome) {
    case 'subscribed':
      return null;
    case 'creditsPurchased':
      return { title: 'Credits Purchased!', description: '100 credits have been added to your account.' };
    case 'purchaseCanceled':
      return { title: 'Purchase Canceled', description: 'No worries, you can purchase credits anytime.' };
    case 'upgradeCanceled':
      return { title: 'Upgrade Canceled', description: 'No worries, you can upgrade to Pro anytime.' };
  }
}
