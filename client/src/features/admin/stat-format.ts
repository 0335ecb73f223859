/** MRR in whole dollars (spec 001, 2.9): '$1,235' for 1234.6; rounded to the nearest dollar. */
export function formatMrr(monthlyRevenue: number): string {
  const dollars = Number.isFinite(monthlyRevenue) ? Math.round(monthlyRevenue) : 0;
  return `$${dollars.toLocaleString('en-US')}`;
}

/** Churn as a percentage with 1 decimal (spec 001, 2.9): '2.5%'. The server sends percent, not a fraction. */
export function formatChurnRate(churnRate: number): string {
  return `${(Number.isFinite(churnRate) ? churnRate : 0).toFixed(1)}%`;
}

export function formatCount(count: number): string {
  return (Number.isFinite(count) ? count : 0).toLocaleString('en-US');
}
