/** Spec 001, 2.9: the All Users table's Status column. */
export type UserStatusLabel = 'Active' | 'Canceled' | 'Past Due' | 'Free';

/** active 'Active', canceled 'Canceled', past_due 'Past Due'; anything else (none, null, unknown) 'Free'. */
export function userStatusLabel(subscriptionStatus: string | null | undefined): UserStatusLabel {
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
