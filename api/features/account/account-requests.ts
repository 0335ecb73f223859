import { z } from 'zod';
import { chordInstruments, tutorialNames } from '../../../events/catalog';
import { tutorialFlag } from '../../../contract/account';

const flags = tutorialNames.map(tutorialFlag);

/** PATCH /api/user/tutorial-dismissal: exactly one `tutorial*Dismissed: true`. */
export const tutorialDismissalRequest = z
  .strictObject(Object.fromEntries(flags.map((flag) => [flag, z.literal(true).optional()])) as Record<string, z.ZodOptional<z.ZodLiteral<true>>>)
  .refine((body) => Object.values(body).filter((value) => value === true).length === 1, {
    message: `Send exactly one of ${flags.join(', ')} set to true`,
  })
  .transform((body) => tutorialNames[flags.findIndex((flag) => body[flag] === true)]!);

/** PATCH /api/user/preferences: one or both preferences. */
export const preferencesChangeRequest = z
  .strictObject({
    showChordsPreference: z.boolean().optional(),
    chordInstrumentPreference: z.enum(chordInstruments).optional(),
  })
  .refine((body) => body.showChordsPreference !== undefined || body.chordInstrumentPreference !== undefined, {
    message: 'Send showChordsPreference, chordInstrumentPreference or both',
  });
