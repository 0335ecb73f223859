import { z } from 'zod';

/** The tutorials of spec 000 section 4, named as the event catalogue names them. */
export const tutorialNames = ['welcome', 'choice', 'listen', 'karaoke', 'drums', 'bass', 'guitar', 'keyboard'] as const;
export type TutorialName = (typeof tutorialNames)[number];

/** What the chord strip can follow, named as the event catalogue names them. */
export const chordInstruments = ['master', 'guitar', 'bass', 'keys'] as const;

/** The flag of one tutorial in the current-user answer: `welcome` -> `tutorialWelcomeDismissed`. */
export type TutorialFlag = `tutorial${Capitalize<TutorialName>}Dismissed`;

export function tutorialFlag(tutorial: TutorialName): TutorialFlag {
  return `tutorial${tutorial.charAt(0).toUpperCase()}${tutorial.slice(1)}Dismissed` as TutorialFlag;
}

const tutorialFlagsShape = Object.fromEntries(tutorialNames.map((name) => [tutorialFlag(name), z.boolean()])) as Record<TutorialFlag, z.ZodBoolean>;

/**
 * GET /api/auth/me (spec 000 section 3) and PATCH /api/user/tutorial-dismissal, plus `isAdmin`
 * (the addresses in ADMIN_EMAILS only) so the client need not guess from the id.
 */
export const currentUserSchema = z.object({ id: z.number().int().positive(), email: z.string(), isAdmin: z.boolean(), ...tutorialFlagsShape });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET and PATCH /api/user/preferences: what the chord strip follows. */
export const preferencesSchema = z.object({ showChordsPreference: z.boolean(), chordInstrumentPreference: z.enum(chordInstruments) });
export type Preferences = z.infer<typeof preferencesSchema>;

/** GET /api/email-preferences (spec 001 section 3). */
export const emailPreferencesSchema = z.object({ unsubscribedAnnouncements: z.boolean() });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** The user a sign-in answers with (spec 001 section 3: "user with email"). */
export const signedInSchema = z.object({ user: z.object({ id: z.number().int().positive(), email: z.string() }) });
export type SignedIn = z.infer<typeof signedInSchema>;
