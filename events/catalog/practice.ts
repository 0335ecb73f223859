import { z } from 'zod';
import { defineEvent } from './define-event';

const userId = z.number().int().positive();
const songId = z.number().int().positive();

/** The longest session one event may record: a day. */
export const maxPracticeSessionSeconds = 86_400;
/** Tempo as a ratio of the song's own (50% to 150%, decision 0032). */
export const practiceTempoRange = { min: 0.5, max: 1.5 } as const;
/** Transposition in semitones (-6 to +6, decision 0032). */
export const practiceTransposeRange = { min: -6, max: 6 } as const;

/** A looped passage, in seconds of the song (its own time, whatever the tempo). */
export const practiceLoopSchema = z
  .strictObject({ startSeconds: z.number().nonnegative(), endSeconds: z.number().positive() })
  .refine((loop) => loop.endSeconds > loop.startSeconds, { message: 'a loop ends after it starts' });
export type PracticeLoop = z.infer<typeof practiceLoopSchema>;

/**
 * A practice session ended. `secondsPractised` counts only playing time; `localDate` is the musician's
 * own day when it started, so streaks follow their clock. Tempo, transpose and loop are the final ones.
 */
export const PracticeSessionRecorded = defineEvent({
  type: 'PracticeSessionRecorded',
  schemaVersion: 1,
  schema: z.object({
    userId,
    songId,
    startedAt: z.iso.datetime(),
    localDate: z.iso.date(),
    secondsPractised: z.number().int().min(1).max(maxPracticeSessionSeconds),
    tempo: z.number().min(practiceTempoRange.min).max(practiceTempoRange.max),
    transpose: z.number().int().min(practiceTransposeRange.min).max(practiceTransposeRange.max),
    loop: practiceLoopSchema.nullable(),
    /** Stem ids (file names) muted when the session ended: the part the musician played themselves. */
    mutedStems: z.array(z.string().min(1).max(255)).max(64),
  }),
});
