import type { PracticeSummary } from '../../../projections/practice-log/practice-log-queries';

/** POST /api/practice-sessions (201) */
export interface PracticeSessionRecordedResponse {
  sessionId: string;
  secondsPractised: number;
}

/** GET /api/practice/summary */
export type PracticeSummaryResponse = PracticeSummary;
