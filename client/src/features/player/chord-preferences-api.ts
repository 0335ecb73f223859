import type { ChordInstrument } from '../../../../events/catalog';
import { api } from '../../lib/api/api';

/** GET /api/user/preferences (spec 000 section 3): what the chord strip follows. */
export interface ChordPreferences {
  showChordsPreference: boolean;
  chordInstrumentPreference: ChordInstrument;
}

/**
 * The chord strip's preferences. A change shows at once (the cached answer is patched before the
 * PATCH is sent) and is rolled back if the call fails; spec 000 section 8: preference save
 * failures are only logged, never toasted.
 */
export const chordPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    chordPreferences: build.query<ChordPreferences, void>({ query: () => '/api/user/preferences' }),
    chordPreferencesChanged: build.mutation<ChordPreferences, Partial<ChordPreferences>>({
      query: (change) => ({ url: '/api/user/preferences', method: 'PATCH', body: change }),
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
