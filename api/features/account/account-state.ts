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

/** Fold the user's events; events of other concerns (sign-ins, e-mail preferences) pass through. */
export function foldAccountState(events: readonly StoredEvent[]): AccountState {
  let state = initialAccountState;
  for (const event of events) {
    switch (event.type) {
      case 'TutorialDismissed':
        state = { ...state, dismissedTutorials: new Set([...state.dismissedTutorials, event.data.tutorial]) };
        break;
      case 'UserPreferencesChanged':
        state = {
          ...state,
          showChordsPreference: event.data.showChordsPreference ?? state.showChordsPreference,
          chordInstrumentPreference: event.data.chordInstrumentPreference ?? state.chordInstrumentPreference,
        };
        break;
      default:
        break;
    }
  }
  return state;
}
