import { z } from 'zod';
import { maxPracticeSessionSeconds, practiceLoopSchema, practiceTempoRange, practiceTransposeRange } from '../../../events/catalog';

/**
 * POST /api/practice-sessions: one finished session. `sessionId` (the client's, a UUID) becomes the
 * event's id, so a session sent twice (a retry after a lost answer, a tab that sent it on close and
 * again on return) is recorded once.
 */
export const practiceSessionRequest = z.strictObject({
  sessionId: z.uuid(),
  songId: z.number().int().positive(),
  startedAt: z.iso.datetime(),
  localDate: z.iso.date(),
  secondsPractised: z.number().int().min(1).max(maxPracticeSessionSeconds),
  tempo: z.number().min(practiceTempoRange.min).max(practiceTempoRange.max),
  transpose: z.number().int().min(practiceTransposeRange.min).max(practiceTransposeRange.max),
  loop: practiceLoopSchema.nullable(),
  mutedStems: z.array(z.string().min(1).max(255)).max(64),
});
export type PracticeSessionRequest = z.infer<typeof practiceSessionRequest>;

/** GET /api/practice/summary?today=YYYY-MM-DD: the musician's own date, for days and the streak. */
export const practiceSummaryQuery = z.strictObject({ today: z.iso.date() });
