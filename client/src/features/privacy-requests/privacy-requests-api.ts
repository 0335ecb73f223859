import { api } from '../../lib/api/api';
import type { PrivacyRequestPayload } from './validate-privacy-request';

/** POST /api/privacy/request (spec 001, section 7): public; only success or failure is used. */
export const privacyRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitPrivacyRequest: build.mutation<void, PrivacyRequestPayload>({
      query: (payload) => ({ url: '/api/privacy/request', method: 'POST', body: payload }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useSubmitPrivacyRequestMutation } = privacyRequestsApi;
