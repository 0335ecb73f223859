/** A subscription's status as the All Users table (spec 001, 2.9) and the membership screen (spec 000, 4) show it. */
export type SubscriptionStatusLabel = 'Active' | 'Canceled' | 'Past Due' | 'Free';

/** active 'Active', canceled 'Canceled', past_due 'Past Due'; anything else (none, null, unknown) 'Free'. */
export function subscriptionStatusLabel(subscriptionStatus: string | null | undefined): SubscriptionStatusLabel {
  switch (subscriptionStatus) {
    case 'active':
      return 'Active';
    case 'canceled':
      return 'Canceled';
    case 'past_due':
      return 'Past Due';
    default:
      return 'Free';
  }
}
