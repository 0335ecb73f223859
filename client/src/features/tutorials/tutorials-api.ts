import { api } from '../../lib/api/api';
import { currentUserApi } from '../../lib/api/current-user-api';
import type { SessionUser } from '../../lib/api/current-user-api';
import type { DismissedTutorials, TutorialName } from './tutorial-flow';

/** The current-user answer's flag of a tutorial: `welcome` -> `tutorialWelcomeDismissed`. */
export function tutorialFlag(tutorial: TutorialName): keyof SessionUser & `tutorial${string}Dismissed` {
  return `tutorial${tutorial.charAt(0).toUpperCase()}${tutorial.slice(1)}Dismissed` as keyof SessionUser & `tutorial${string}Dismissed`;
}

const tutorials: readonly TutorialName[] = ['welcome', 'choice', 'listen', 'karaoke', 'drums', 'bass', 'guitar', 'keyboard'];

/** The user's dismissed tutorials; a flag the answer lacks counts as not dismissed. */
export function dismissedTutorials(user: SessionUser): DismissedTutorials {
  return Object.fromEntries(tutorials.map((tutorial) => [tutorial, user[tutorialFlag(tutorial)] === true])) as Record<TutorialName, boolean>;
}

/**
 * PATCH /api/user/tutorial-dismissal with one `tutorial*Dismissed: true` (spec 000 section 7). The
 * flag is set in the cached current user at once and rolled back if the call fails, which the
 * caller learns from the rejected `unwrap()`.
 */
export const tutorialsApi = api.injectEndpoints({
  endpoints: (build) => ({
    tutorialDismissed: build.mutation<SessionUser, TutorialName>({
      query: (tutorial) => ({ url: '/api/user/tutorial-dismissal', method: 'PATCH', body: { [tutorialFlag(tutorial)]: true } }),
      async onQueryStarted(tutorial, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          currentUserApi.util.updateQueryData('currentUser', undefined, (user) => {
            if (user) user[tutorialFlag(tutorial)] = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          optimistic.undo();
        }
      },
    }),
  }),
});

export const { useTutorialDismissedMutation } = tutorialsApi;
