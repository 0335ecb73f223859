import { api } from './api';
import { subscriptionStatusApi } from './subscription-status-api';

/**
 * What a return from the checkout makes stale (spec 000, section 7: usage "refetched after
 * purchase"): the subscription status (header badge, membership) and the usage figures. Screens
 * dispatch each action.
 */
export function purchaseInvalidations() {
  return [subscriptionStatusApi.util.invalidateTags(['SubscriptionStatus']), api.util.invalidateTags(['UsageStats'])] as const;
}
