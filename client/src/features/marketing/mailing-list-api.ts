import { api } from '../../lib/api/api';

/** POST /api/mailing-list/subscribe {email} (spec 001, section 7); the answer may carry a message. */
export const mailingListApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeToMailingList: build.mutation<{ message?: string } | null, { email: string }>({
      query: ({ email }) => ({ url: '/api/mailing-list/subscribe', method: 'POST', body: { email } }),
    }),
  }),
});

export const { useSubscribeToMailingListMutation } = mailingListApi;
