import type { TutorialName } from '../../../events/catalog';
import { tutorialNames } from '../../../events/catalog';
import type { UserRecord } from '../../../projections/users/users-queries';

/** The flag of one tutorial in the current-user answer: `welcome` -> `tutorialWelcomeDismissed`. */
export type TutorialFlag = `tutorial${Capitalize<TutorialName>}Dismissed`;

export function tutorialFlag(tutorial: TutorialName): TutorialFlag {
  return `tutorial${tutorial.charAt(0).toUpperCase()}${tutorial.slice(1)}Dismissed` as TutorialFlag;
}

/** GET /api/auth/me (spec 000 section 3), plus `isAdmin` so the client need not guess from the id. */
export type MeResponse = { id: number; email: string; isAdmin: boolean } & Record<TutorialFlag, boolean>;

export function toMeResponse(user: UserRecord, isAdmin: boolean): MeResponse {
  const flags = Object.fromEntries(tutorialNames.map((name) => [tutorialFlag(name), user.dismissedTutorials.includes(name)])) as Record<
    TutorialFlag,
    boolean
  >;
  return { id: user.id, email: user.email, isAdmin, ...flags };
}

/** GET and PATCH /api/user/preferences. */
export interface PreferencesResponse {
  showChordsPreference: boolean;
  chordInstrumentPreference: UserRecord['chordInstrumentPreference'];
}

export function toPreferencesResponse(user: UserRecord): PreferencesResponse {
  return { showChordsPreference: user.showChordsPreference, chordInstrumentPreference: user.chordInstrumentPreference };
}
