import { api } from '../../lib/api/api';
import type { PracticeLoop } from '../../lib/practice/send-practice-session';

/** GET /api/practice/summary?today= (the server's PracticeSummaryResponse). */
export interface PracticeSummary {
  days: Array<{ date: string; seconds: number; sessions: number }>;
  totalSeconds: number;
  totalSessions: number;
  streak: { current: number; longest: number };
  songs: Array<{ songId: number; title: string | null; seconds: number; sessions: number; lastPractisedAt: string }>;
  loops: Array<PracticeLoop & { songId: number; title: string | null; days: Array<{ date: string; bestTempo: number; seconds: number }> }>;
}

/**
 * The practice log page's call. Refetched each time the page opens: sessions are recorded by the
 * player (and by the musician's other devices), not through this cache.
 */
export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    practiceSummary: build.query<PracticeSummary, string>({
      query: (today) => `/api/practice/summary?today=${encodeURIComponent(today)}`,
    }),
  }),
});

export const { usePracticeSummaryQuery } = practiceApi;
