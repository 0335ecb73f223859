import { sessionCheckedOffline, sessionConfirmed, sessionRejected } from '../session/known-user-slice';
import type { KnownUserState } from '../session/known-user-slice';
import { decideSessionCheck } from '../session/session-check';
import { type CurrentUser, currentUserSchema } from '../../../../contract/account';
import { api } from './api';
import type { ApiError } from './api-request';
import { outsideContract } from './answer-schema';

/**
 * The signed-in user (GET /api/auth/me, contract/account.ts). Only `id` and `email` are certain: the
 * user this browser remembers may have been stored by an app version that kept fewer fields.
 */
export type SessionUser = Pick<CurrentUser, 'id' | 'email'> & Partial<Omit<CurrentUser, 'id' | 'email'>>;

/** The answer checked against the contract; an empty one (no user) passes as it is. */
function checked(answer: { data?: unknown; error?: unknown }): { data?: unknown; error?: ApiError } {
  if (answer.error !== undefined || answer.data === null || answer.data === undefined) return answer as { data?: unknown; error?: ApiError };
  const parsed = currentUserSchema.safeParse(answer.data);
  return parsed.success ? { data: parsed.data } : { error: outsideContract('currentUser', parsed.error.issues) };
}

/**
 * The current-user call, shared by the route guard, the header and sign-in. A 401 (or any error)
 * means "no user"; it is never retried. Sign-in and log-out refresh it by invalidating 'CurrentUser'.
 * One exception (decision 0020): when the request gets no answer at all (offline), the last user
 * the API confirmed on this browser is the answer, so the local-first library still opens.
 */
export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query<SessionUser | null, void>({
      async queryFn(_arg, { dispatch, getState }, _extraOptions, baseQuery) {
        const answer = await baseQuery('/api/auth/me');
        // A store built without the slice (some tests) knows no user.
        const knownUser = (getState() as { knownUser?: KnownUserState }).knownUser?.user ?? null;
        const check = decideSessionCheck(checked(answer), knownUser);
        switch (check.kind) {
          case 'confirmed':
            dispatch(sessionConfirmed(check.user));
            return { data: check.user };
          case 'offline':
            dispatch(sessionCheckedOffline());
            return { data: check.user };
          case 'rejected':
            dispatch(sessionRejected());
            return check.error ? { error: check.error } : { data: null };
          case 'failed':
            return { error: check.error };
          default: {
            const unknown: never = check;
            throw new Error(`Unknown session check ${JSON.stringify(unknown)}`);
          }
        }
      },
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useCurrentUserQuery, useLazyCurrentUserQuery } = currentUserApi;
