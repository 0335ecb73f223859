/** Prices and plan contents (spec 000, 1; spec 001, 1 and 9), read by both the pricing section and its structured data. */

export interface PricingPlan {
  id: 'free' | 'pro' | 'credits';
  name: string;
  price: number;
  per: string;
  note: string;
  features: readonly string[];
  callToAction: string;
  highlighted: boolean;
}

export const FREE_MONTHLY_CREDITS = 200;
export const PRO_MONTHLY_PRICE = 15;
export const PRO_YEARLY_PRICE = 160;
export const CREDIT_PACK_PRICE = 5;
export const CREDIT_PACK_CREDITS = 100;

export const pricingPlans: readonly PricingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    per: 'per month',
    note: 'No card needed.',
    features: [
      `${FREE_MONTHLY_CREDITS} streaming credits every month (about 2 GB)`,
      'Credits reset on the 1st of each month',
      'The whole song library',
      'Volume, mute and solo on every stem',
      'Karaoke lyrics and the chord strip',
    ],
    callToAction: 'Start for Free',
    highlighted: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: PRO_MONTHLY_PRICE,
    per: 'per month',
    note: `Or $${PRO_YEARLY_PRICE} a year: save $${PRO_MONTHLY_PRICE * 12 - PRO_YEARLY_PRICE}. Renews automatically; cancel any time.`,
    features: ['Unlimited streaming, no monthly credit limit', 'Custom presets: save your mix for every song', 'Priority support', 'Early access to new features', 'Everything in Free'],
    callToAction: 'Go Pro',
    highlighted: true,
  },
  {
    id: 'credits',
    name: 'Credit Pack',
    price: CREDIT_PACK_PRICE,
    per: 'one-time',
    note: `${CREDIT_PACK_CREDITS} credits that never expire.`,
    features: ['Top up a free account when you need more', 'Used after your monthly free credits', 'Pay once: no subscription'],
    callToAction: 'Get Started',
    highlighted: false,
  },
];
