import { describe, it } from 'vitest';
import { decisionSpec } from '../../../events/catalog/testing/decision-spec';
import { decideChangePreferences, decideDismissTutorial } from './account-decisions';
import { evolveAccountState, initialAccountState } from './account-state';

const dismissTutorial = decisionSpec(decideDismissTutorial, evolveAccountState, initialAccountState);
const changePreferences = decisionSpec(decideChangePreferences, evolveAccountState, initialAccountState);

describe('account decisions', () => {
  it('dismisses a tutorial once', () => {
    dismissTutorial
      .given([])
      .when({ userId: 7, tutorial: 'bass' })
      .then([{ type: 'TutorialDismissed', data: { userId: 7, tutorial: 'bass' } }]);
    const history = [
      { type: 'UserRegistered', data: { userId: 7, email: 'a@example.com' } },
      { type: 'TutorialDismissed', data: { userId: 7, tutorial: 'bass' } },
    ] as const;
    dismissTutorial.given(history).when({ userId: 7, tutorial: 'bass' }).then([]);
    dismissTutorial
      .given(history)
      .when({ userId: 7, tutorial: 'drums' })
      .then([{ type: 'TutorialDismissed', data: { userId: 7, tutorial: 'drums' } }]);
  });

  it('records only the preferences that change', () => {
    const keys = [{ type: 'UserPreferencesChanged', data: { userId: 7, chordInstrumentPreference: 'keys' } }] as const;
    changePreferences.given(keys).when({ userId: 7, chordInstrumentPreference: 'keys' }).then([]);
    changePreferences
      .given(keys)
      .when({ userId: 7, showChordsPreference: false, chordInstrumentPreference: 'keys' })
      .then([{ type: 'UserPreferencesChanged', data: { userId: 7, showChordsPreference: false } }]);
    changePreferences
      .given([])
      .when({ userId: 7, showChordsPreference: true, chordInstrumentPreference: 'guitar' })
      .then([{ type: 'UserPreferencesChanged', data: { userId: 7, chordInstrumentPreference: 'guitar' } }]);
  });
});
