import { z } from 'zod';
import { PracticeSessionRecorded } from '../../../events/catalog';

/**
 * POST /api/practice-sessions: one finished session. `sessionId` (a client UUID) becomes the event's
 * id, so a session sent twice (a retry, a tab closing and coming back) is recorded once.
 */
export const practiceSessionRequest = z.strictObject({
  sessionId: z.uuid(),
  ...PracticeSessionRecorded.schema.omit({ userId: true }).shape,
});
export type PracticeSessionRequest = z.infer<typeof practiceSessionRequest>;

/** GET /api/practice/summary?today=YYYY-MM-DD: the musician's own date, for days and the streak. */
export const practiceSummaryQuery = z.strictObject({ today: z.iso.date() });
