import { subscriptionStatusApi } from '../../lib/api/subscription-status-api';

/** POST /api/subscription/cancel: access runs until then (ISO 8601). */
export interface CancelSubscriptionAnswer {
  subscriptionEndsAt?: string | null;
}

/**
 * Membership's own call (spec 000, section 7): cancel at the period's end. It changes the status
 * the header and this screen show, so the status is refetched; never retried.
 */
export const membershipApi = subscriptionStatusApi.injectEndpoints({
  endpoints: (build) => ({
    cancelSubscription: build.mutation<CancelSubscriptionAnswer, void>({
      query: () => ({ url: '/api/subscription/cancel', method: 'POST' }),
      invalidatesTags: ['SubscriptionStatus'],
    }),
  }),
});

export const { useCancelSubscriptionMutation } = membershipApi;

