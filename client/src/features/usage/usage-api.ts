import { type UsageStats, usageStatsSchema } from '../../../../contract/usage-stats';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/**
 * The usage screen's call. Tagged `UsageStats`, so a purchase return (here or on the membership
 * screen) refetches it (spec 000, section 7: "refetched after purchase"). A 401 is an error like
 * any other; it is never retried.
 */
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
