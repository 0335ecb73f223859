import { type CurrentUser, currentUserSchema, tutorialFlag, tutorialNames } from '../../../../contract/account';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';
import { currentUserApi } from '../../lib/api/current-user-api';
import type { SessionUser } from '../../lib/api/current-user-api';
import type { DismissedTutorials, TutorialName } from './tutorial-flow';

/** The user's dismissed tutorials; a flag the answer lacks counts as not dismissed. */
export function dismissedTutorials(user: SessionUser): DismissedTutorials {
  return Object.fromEntries(tutorialNames.map((tutorial) => [tutorial, user[tutorialFlag(tutorial)] === true])) as Record<TutorialName, boolean>;
}

/**
 * PATCH /api/user/tutorial-dismissal with one `tutorial*Dismissed: true` (spec 000 section 7). The
 * flag is set in the cached current user at once and rolled back if the call fails, which the
 * caller learns from the rejected `unwrap()`.
 */
export const tutorialsApi = api.injectEndpoints({
  endpoints: (build) => ({
    tutorialDismissed: build.mutation<CurrentUser, TutorialName>({
      query: (tutorial) => ({ url: '/api/user/tutorial-dismissal', method: 'PATCH', body: { [tutorialFlag(tutorial)]: true } }),
      responseSchema: answerSchema(currentUserSchema),
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
