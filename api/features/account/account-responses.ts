import { type CurrentUser, type Preferences, tutorialFlag } from '../../../contract/account';
import { tutorialNames } from '../../../events/catalog';
import type { UserRecord } from '../../../projections/users/users-queries';

export function toMeResponse(user: UserRecord, isAdmin: boolean): CurrentUser {
  const flags = Object.fromEntries(tutorialNames.map((name) => [tutorialFlag(name), user.dismissedTutorials.includes(name)]));
  return { id: user.id, email: user.email, isAdmin, ...flags } as CurrentUser;
}

export function toPreferencesResponse(user: UserRecord): Preferences {
  return { showChordsPreference: user.showChordsPreference, chordInstrumentPreference: user.chordInstrumentPreference };
}
