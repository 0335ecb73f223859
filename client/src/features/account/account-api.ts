import { api } from '../../lib/api/api';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/logout with an empty JSON body; ends the session everywhere. */
    logout: build.mutation<void, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST', body: {} }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useLogoutMutation } = accountApi;
