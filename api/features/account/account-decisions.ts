import type { ChordInstrument, DataOf, DecidedEvent, TutorialName } from '../../../events/catalog';
import type { AccountState } from './account-state';

/** An event the account commands decide to append (metadata is added at the edge). */
export type AccountEvent = DecidedEvent<'TutorialDismissed' | 'UserPreferencesChanged'>;

/** DismissTutorial: dismissing one already dismissed changes nothing. */
export function decideDismissTutorial(state: AccountState, command: { userId: number; tutorial: TutorialName }): AccountEvent[] {
  if (state.dismissedTutorials.has(command.tutorial)) return [];
  return [{ type: 'TutorialDismissed', data: { userId: command.userId, tutorial: command.tutorial } }];
}

/** ChangePreferences: the event carries only the preferences that actually change. */
export function decideChangePreferences(
  state: AccountState,
  command: { userId: number; showChordsPreference?: boolean; chordInstrumentPreference?: ChordInstrument },
): AccountEvent[] {
  const data: DataOf<'UserPreferencesChanged'> = { userId: command.userId };
  if (command.showChordsPreference !== undefined && command.showChordsPreference !== state.showChordsPreference) {
    data.showChordsPreference = command.showChordsPreference;
  }
  if (command.chordInstrumentPreference !== undefined && command.chordInstrumentPreference !== state.chordInstrumentPreference) {
    data.chordInstrumentPreference = command.chordInstrumentPreference;
  }
  if (data.showChordsPreference === undefined && data.chordInstrumentPreference === undefined) return [];
  return [{ type: 'UserPreferencesChanged', data }];
}
