import { type CancelSubscription, cancelSubscriptionSchema } from '../../../../contract/purchasing';
import { answerSchema } from '../../lib/api/answer-schema';
import { subscriptionStatusApi } from '../../lib/api/subscription-status-api';

/** Cancelling changes the status the header and this screen show, so it is refetched; never retried. */
export const membershipApi = subscriptionStatusApi.injectEndpoints({
  endpoints: (build) => ({
    cancelSubscription: build.mutation<CancelSubscription, void>({
      query: () => ({ url: '/api/subscription/cancel', method: 'POST' }),
      responseSchema: answerSchema(cancelSubscriptionSchema),
      invalidatesTags: ['SubscriptionStatus'],
    }),
  }),
});

export const { useCancelSubscriptionMutation } = membershipApi;

