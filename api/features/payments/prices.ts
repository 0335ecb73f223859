import type { SubscriptionPlan } from '../../../events/catalog';

/** Prices of spec 000 section 9, in US cents. */
export const currency = 'usd';

export const subscriptionPrices: Readonly<Record<SubscriptionPlan, { amountCents: number; interval: 'month' | 'year'; name: string }>> = {
  monthly: { amountCents: 1_500, interval: 'month', name: 'Woodshed Pro (monthly)' },
  yearly: { amountCents: 16_000, interval: 'year', name: 'Woodshed Pro (yearly)' },
};

/** A pack: 100 credits for $5, never expiring. Purchases buy whole packs. */
export const creditPack = { credits: 100, amountCents: 500, name: '100 Woodshed streaming credits' } as const;

/** Most credits one checkout buys (100 packs): a typo in a client must not become a $5,000 charge. */
export const maxCreditsPerPurchase = 10_000;

/** What a checkout buys, for the return addresses of spec 000 section 2. */
export type CheckoutOrigin = 'subscription' | 'credits-membership' | 'credits-usage';

/**
 * Where the browser comes back to after a checkout (spec 000 section 2: the screens read these
 * query parameters, then clear them).
 */
export function returnUrls(publicUrl: string, origin: CheckoutOrigin): { successUrl: string; cancelUrl: string } {
  switch (origin) {
    case 'subscription':
      return { successUrl: `${publicUrl}/membership?success=true`, cancelUrl: `${publicUrl}/membership?canceled=true` };
    case 'credits-membership':
      return { successUrl: `${publicUrl}/membership?credits_purchase=success`, cancelUrl: `${publicUrl}/membership?credits_purchase=canceled` };
    case 'credits-usage':
      return { successUrl: `${publicUrl}/usage?purchase=success`, cancelUrl: `${publicUrl}/usage?purchase=canceled` };
  }
}
