import { type SubscriptionStatus, subscriptionStatusSchema } from '../../../../contract/subscription-status';
import { answerSchema } from './answer-schema';
import { api } from './api';

/**
 * The subscription status, shared by the header (PRO badge, account menu) and the membership and
 * usage screens. Log-out drops it with every other cached answer.
 */
export const subscriptionStatusApi = api.enhanceEndpoints({ addTagTypes: ['SubscriptionStatus'] }).injectEndpoints({
  endpoints: (build) => ({
    subscriptionStatus: build.query<SubscriptionStatus, void>({
      query: () => '/api/subscription/status',
      responseSchema: answerSchema(subscriptionStatusSchema),
      providesTags: ['SubscriptionStatus'],
    }),
  }),
});

export const { useSubscriptionStatusQuery } = subscriptionStatusApi;

/**
 * Whether the user counts as a subscriber. Anything but a definite yes (still loading, the call
 * failed, an odd answer) counts as not subscribed: the free-tier menu is the safe default.
 */
export function isSubscribed(status: unknown): boolean {
  return typeof status === 'object' && status !== null && (status as { hasActiveSubscription?: unknown }).hasActiveSubscription === true;
}

/**
 * Whether the server said, this time, that the user has no subscription. Offers to upgrade are
 * shown only then: offline or while the call fails the answer is unknown, and a Pro musician
 * practising offline must not be asked to buy what they have.
 */
export function isKnownFree(status: unknown): boolean {
  return typeof status === 'object' && status !== null && (status as { hasActiveSubscription?: unknown }).hasActiveSubscription === false;
}
