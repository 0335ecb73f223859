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

/** Optimistic: the cached flag is set at once and rolled back on failure, which `unwrap()` rejects with. */
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
