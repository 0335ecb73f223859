import { z } from 'zod';
import { defineEvent } from './define-event';

const stemStreamedV1 = z.object({
  userId: z.number().int().positive(),
  songId: z.number().int().positive(),
  stem: z.string().min(1),
  bytes: z.number().int().nonnegative(),
});

/**
 * One stem response settled: the bytes actually written to the socket (aborts included).
 * v2 renamed `stem` to `filename`, `bytes` to `bytesSent`, and records the served range and
 * whether the client aborted; v1 events read back with no range and `aborted: false`.
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
    /**
     * When the response started (the request's time); the month it falls in is the month billed, so
     * a stream crossing midnight on the 1st is billed once. Absent on events recorded before it was
     * added: their `occurredAt` (when the response closed) stands in.
     */
    startedAt: z.iso.datetime().optional(),
  }),
  upcasters: {
    1: (data) => {
      const v1 = stemStreamedV1.parse(data);
      return { userId: v1.userId, songId: v1.songId, filename: v1.stem, bytesSent: v1.bytes, range: null, aborted: false };
    },
  },
});
