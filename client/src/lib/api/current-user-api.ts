import { api } from './api';

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
 */
export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query<SessionUser | null, void>({
      query: () => '/api/auth/me',
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useCurrentUserQuery, useLazyCurrentUserQuery } = currentUserApi;
