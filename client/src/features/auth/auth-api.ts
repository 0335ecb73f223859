import { type SignedIn, signedInSchema } from '../../../../contract/account';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/** Sign-in calls of spec 001, section 7. Login and signup send the same request. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/request-magic-link {email}; the answer is not read. */
    requestMagicLink: build.mutation<void, { email: string }>({
      query: ({ email }) => ({ url: '/api/auth/request-magic-link', method: 'POST', body: { email } }),
      transformResponse: () => undefined,
    }),
    /** POST /api/auth/verify-code {email, code}: starts a session (the cookie); fields not read. */
    verifyCode: build.mutation<void, { email: string; code: string }>({
      query: ({ email, code }) => ({ url: '/api/auth/verify-code', method: 'POST', body: { email, code } }),
      transformResponse: () => undefined,
    }),
    /** A query, not a mutation, so React's development double-run of effects cannot spend the single-use token twice. */
    verifyMagicLink: build.query<SignedIn, string>({
      query: (token) => `/api/auth/verify?token=${encodeURIComponent(token)}`,
      responseSchema: answerSchema(signedInSchema),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useRequestMagicLinkMutation, useVerifyCodeMutation, useVerifyMagicLinkQuery } = authApi;
