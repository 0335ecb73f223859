import type { ActiveSubscriptionCounts } from '../../../projections/subscriptions/subscriptions-overview-queries';

/** What one active subscription adds to MRR, in US dollars (spec 000's prices, decision 0023: monthly $15, yearly $160 spread over 12 months). */
export const monthlyRevenuePerPlan = { monthly: 15, yearly: 160 / 12 } as const;

/** MRR in US dollars, to the cent. */
export function monthlyRevenue(counts: ActiveSubscriptionCounts): number {
  const dollars = counts.monthly * monthlyRevenuePerPlan.monthly + counts.yearly * monthlyRevenuePerPlan.yearly;
  return Math.round(dollars * 100) / 100;
}
