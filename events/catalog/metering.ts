import { z } from 'zod';
import { defineEvent } from './define-event';

const stemStreamedV1 = z.object({
  userId: z.number().int().positive(),
  songId: z.number().int().positive(),
  stem: z.string().min(1),
  bytes: z.number().int().nonnegative(),
});

/**
 * One stem response settled with the bytes actually written (aborts included). v2 renamed fields and
 * added the range and `aborted`; v1 reads back with no range and `aborted: false`.
 */
export const StemStreamed = defineEvent({
  type: 'StemStreamed',
  schemaVersion: 2,
  schema: z.object({
    userId: z.number().int().positive(),
    songId: z.number().int().positive(),
    filename: z.string().min(1),
    bytesSent: z.number().int().nonnegative(),
    range: z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() }).nullable(),
    aborted: z.boolean(),
    /** When the response started: its month is billed. Absent on older events (`occurredAt` stands in). */
    startedAt: z.iso.datetime().optional(),
  }),
  upcasters: {
    1: (data) => {
      const v1 = stemStreamedV1.parse(data);
      return { userId: v1.userId, songId: v1.songId, filename: v1.stem, bytesSent: v1.bytes, range: null, aborted: false };
    },
  },
});
