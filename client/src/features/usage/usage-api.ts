import { type UsageStats, usageStatsSchema } from '../../../../contract/usage-stats';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/** Tagged `UsageStats` so a purchase return refetches it (spec 000, 7); never retried. */
export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    usageStats: build.query<UsageStats, void>({
      query: () => '/api/usage/stats',
      responseSchema: answerSchema(usageStatsSchema),
      providesTags: ['UsageStats'],
    }),
  }),
});

export const { useUsageStatsQuery } = usageApi;
