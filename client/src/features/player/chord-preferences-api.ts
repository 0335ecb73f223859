import { type Preferences as ChordPreferences, preferencesSchema } from '../../../../contract/account';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/**
 * The chord strip's preferences. A change shows at once (the cached answer is patched before the
 * PATCH is sent) and is rolled back if the call fails; spec 000 section 8: preference save
 * failures are only logged, never toasted.
 */
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
