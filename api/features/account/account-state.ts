import type { ChordInstrument, StoredEvent, TutorialName } from '../../../events/catalog';

/** What the account commands decide on, folded from the user's stream `user-<id>`. */
export interface AccountState {
  dismissedTutorials: ReadonlySet<TutorialName>;
  showChordsPreference: boolean;
  chordInstrumentPreference: ChordInstrument;
}

export const initialAccountState: AccountState = {
  dismissedTutorials: new Set(),
  showChordsPreference: true,
  chordInstrumentPreference: 'master',
};

/** One event of the user's stream into the state; events of other concerns (sign-ins, e-mail preferences) pass through. */
export function evolveAccountState(state: AccountState, event: StoredEvent): AccountState {
  switch (event.type) {
    case 'TutorialDismissed':
      return { ...state, dismissedTutorials: new Set([...state.dismissedTutorials, event.data.tutorial]) };
    case 'UserPreferencesChanged':
      return {
        ...state,
        showChordsPreference: event.data.showChordsPreference ?? state.showChordsPreference,
        chordInstrumentPreference: event.data.chordInstrumentPreference ?? state.chordInstrumentPreference,
      };
    default:
      return state;
  }
}
