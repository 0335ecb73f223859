import { z } from 'zod';

/** POST /api/practice-sessions (201). */
export const practiceSessionRecordedSchema = z.object({ sessionId: z.string(), secondsPractised: z.number() });
export type PracticeSessionRecorded = z.infer<typeof practiceSessionRecordedSchema>;

const title = z.string().nullable();

/** GET /api/practice/summary?today=: the practice log as of the musician's own date. */
export const practiceSummarySchema = z.object({
  /** Every day of the window, oldest first, days without practice at 0. */
  days: z.array(z.object({ date: z.string(), seconds: z.number(), sessions: z.number() })),
  totalSeconds: z.number(),
  totalSessions: z.number(),
  /** Days in a row with practice: the run ending today or yesterday, and the longest ever. */
  streak: z.object({ current: z.number(), longest: z.number() }),
  /**
   * Most practised first; `title` null once the song is gone from the library. `tempos` is the song's
   * tempo progression across sessions: the best tempo of each of its latest practised days, oldest first.
   */
  songs: z.array(
    z.object({
      songId: z.number(),
      title,
      seconds: z.number(),
      sessions: z.number(),
      lastPractisedAt: z.string(),
      tempos: z.array(z.object({ date: z.string(), bestTempo: z.number(), sessions: z.number() })),
    }),
  ),
  /** Most recently practised loops first, each with its best tempo day by day (oldest first). */
  loops: z.array(
    z.object({
      songId: z.number(),
      title,
      startSeconds: z.number(),
      endSeconds: z.number(),
      days: z.array(z.object({ date: z.string(), bestTempo: z.number(), seconds: z.number() })),
    }),
  ),
  /** The takes recorded per song (metadata only), most recently recorded song first, each with its newest takes. */
  takes: z.array(
    z.object({
      songId: z.number(),
      title,
      count: z.number(),
      totalSeconds: z.number(),
      lastRecordedAt: z.string(),
      recent: z.array(
        z.object({ takeId: z.string(), name: z.string(), recordedAt: z.string(), durationSeconds: z.number(), tempo: z.number(), transpose: z.number() }),
      ),
    }),
  ),
});
export type PracticeSummary = z.infer<typeof practiceSummarySchema>;
