import { z } from 'zod';

/** Metadata every event carries; time and ids come from the edge so decisions stay pure. */
export const eventMetadataSchema = z.object({
  eventId: z.uuid(),
  occurredAt: z.iso.datetime(),
  /** The signed-in user who caused the event; null for visitors and the system. */
  userId: z.number().int().positive().nullable(),
  requestId: z.string().min(1),
  /** The id of the event or command that directly caused this one. */
  causationId: z.string().min(1),
  /** Shared by every event of one business flow (one request, one campaign run, ...). */
  correlationId: z.string().min(1),
});

export type EventMetadata = z.infer<typeof eventMetadataSchema>;
