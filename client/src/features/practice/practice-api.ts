import { type PracticeSummary, practiceSummarySchema } from '../../../../contract/practice';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/** Refetched each time the page opens: sessions are recorded by the player and other devices, not this cache. */
export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    practiceSummary: build.query<PracticeSummary, string>({
      query: (today) => `/api/practice/summary?today=${encodeURIComponent(today)}`,
      responseSchema: answerSchema(practiceSummarySchema),
    }),
  }),
});

export const { usePracticeSummaryQuery } = practiceApi;
