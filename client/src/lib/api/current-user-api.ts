import { sessionCheckedOffline, sessionConfirmed, sessionRejected } from '../session/known-user-slice';
import type { KnownUserState } from '../session/known-user-slice';
import { decideSessionCheck } from '../session/session-check';
import { api } from './api';
import type { ApiError } from './api-request';

/** The signed-in user as GET /api/auth/me returns it (spec 000, section 3). */
export interface SessionUser {
  id: number;
  email: string;
  /** Set by the server for the addresses in ADMIN_EMAILS (user id 1 is an admin regardless). */
  isAdmin?: boolean;
  tutorialWelcomeDismissed?: boolean;
  tutorialChoiceDismissed?: boolean;
  tutorialListenDismissed?: boolean;
  tutorialKaraokeDismissed?: boolean;
  tutorialDrumsDismissed?: boolean;
  tutorialBassDismissed?: boolean;
  tutorialGuitarDismissed?: boolean;
  tutorialKeyboardDismissed?: boolean;
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
        const check = decideSessionCheck({ data: answer.data, error: answer.error as ApiError | undefined }, knownUser);
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
