import { type Preferences as ChordPreferences, preferencesSchema } from '../../../../contract/account';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/** Optimistic, rolled back on failure; save failures are only logged, never toasted (spec 000, 8). */
export const chordPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    chordPreferences: build.query<ChordPreferences, void>({ query: () => '/api/user/preferences', responseSchema: answerSchema(preferencesSchema) }),
    chordPreferencesChanged: build.mutation<ChordPreferences, Partial<ChordPreferences>>({
      query: (change) => ({ url: '/api/user/preferences', method: 'PATCH', body: change }),
      responseSchema: answerSchema(preferencesSchema),
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          chordPreferencesApi.util.updateQueryData('chordPreferences', undefined, (draft) => {
            Object.assign(draft, change);
          }),
        );
        try {
          await queryFulfilled;
        } catch (error) {
          optimistic.undo();
          console.error('Saving the chord preferences failed', error);
        }
      },
    }),
  }),
});

export const { useChordPreferencesQuery, useChordPreferencesChangedMutation } = chordPreferencesApi;
