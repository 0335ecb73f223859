import { z } from 'zod';
import { defineEvent } from './define-event';

const userId = z.number().int().positive();

/** The tutorials of spec 000 section 4, each dismissible for good. */
export const tutorialNames = ['welcome', 'choice', 'listen', 'karaoke', 'drums', 'bass', 'guitar', 'keyboard'] as const;
export type TutorialName = (typeof tutorialNames)[number];

export const TutorialDismissed = defineEvent({
  type: 'TutorialDismissed',
  schemaVersion: 1,
  schema: z.object({ userId, tutorial: z.enum(tutorialNames) }),
});

export const chordInstruments = ['master', 'guitar', 'bass', 'keys'] as const;
export type ChordInstrument = (typeof chordInstruments)[number];

/** One or both player preferences changed; absent fields keep their value. */
export const UserPreferencesChanged = defineEvent({
  type: 'UserPreferencesChanged',
  schemaVersion: 1,
  schema: z.object({
    userId,
    showChordsPreference: z.boolean().optional(),
    chordInstrumentPreference: z.enum(chordInstruments).optional(),
  }),
});

export const AnnouncementsUnsubscribed = defineEvent({
  type: 'AnnouncementsUnsubscribed',
  schemaVersion: 1,
  schema: z.object({ userId }),
});

export const AnnouncementsResubscribed = defineEvent({
  type: 'AnnouncementsResubscribed',
  schemaVersion: 1,
  schema: z.object({ userId }),
});

/** An administrator switched purchasing on (the default); the last of Enabled / Disabled wins. */
export const PurchasingEnabled = defineEvent({
  type: 'PurchasingEnabled',
  schemaVersion: 1,
  schema: z.object({}),
});

/** An administrator switched purchasing off: every checkout call is refused until it is on again. */
export const PurchasingDisabled = defineEvent({
  type: 'PurchasingDisabled',
  schemaVersion: 1,
  schema: z.object({}),
});
