import { z } from 'zod';
import { defineEvent } from './define-event';
import { practiceTempoRange, practiceTransposeRange } from './practice';

const userId = z.number().int().positive();
const songId = z.number().int().positive();
const takeId = z.uuid();

/** A take's name: what the list shows; the musician may rename it. */
export const takeNameSchema = z.string().trim().min(1).max(80);
/** The longest take one event may describe: four hours, far past any song played through. */
export const maxTakeSeconds = 4 * 60 * 60;

/** What was recorded: the whole song from where playback started, a section, or one pass of the A-B loop. */
export const takeScopes = ['song', 'section', 'loop'] as const;
export type TakeScope = (typeof takeScopes)[number];

/** The part of the song a section or loop-pass take covers, in song seconds. */
export const takeRangeSchema = z
  .strictObject({ startSeconds: z.number().nonnegative(), endSeconds: z.number().positive() })
  .refine((range) => range.endSeconds > range.startSeconds, { message: 'a range ends after it starts' });

/**
 * The metadata of a take the musician recorded over the band. The audio stays on the device that
 * recorded it and never enters the log. `startSeconds` is the song position the take's first sample
 * lines up with; `tempo` and `transpose` are the band's while it was recorded; `latencySeconds` is
 * the round trip the take was shifted back by.
 */
export const TakeRecorded = defineEvent({
  type: 'TakeRecorded',
  schemaVersion: 1,
  schema: z.object({
    userId,
    takeId,
    songId,
    name: takeNameSchema,
    recordedAt: z.iso.datetime(),
    localDate: z.iso.date(),
    durationSeconds: z.number().positive().max(maxTakeSeconds),
    startSeconds: z.number().nonnegative(),
    tempo: z.number().min(practiceTempoRange.min).max(practiceTempoRange.max),
    transpose: z.number().int().min(practiceTransposeRange.min).max(practiceTransposeRange.max),
    scope: z.enum(takeScopes),
    range: takeRangeSchema.nullable(),
    latencySeconds: z.number().min(0).max(1),
  }),
});

/** The musician renamed a take. */
export const TakeRenamed = defineEvent({
  type: 'TakeRenamed',
  schemaVersion: 1,
  schema: z.object({ userId, takeId, name: takeNameSchema }),
});

/** The musician deleted a take: every device drops it (and the one holding its audio frees it). */
export const TakeDeleted = defineEvent({
  type: 'TakeDeleted',
  schemaVersion: 1,
  schema: z.object({ userId, takeId }),
});
