import { api } from '../../lib/api/api';

/** GET /api/usage/stats (spec 000, section 3): exactly the spec's fields. */
export interface UsageStats {
  totalCredits: { used: number; available: number };
  freeCredits: { used: number; total: number; remaining: number };
  paidCredits: { remaining: number; total: number };
  totalBytesStreamed: number;
  hasActiveSubscription: boolean;
  /** ISO 8601: the first instant of the current calendar month (UTC). */
  billingPeriodStart: string;
}

/**
 * The usage screen's call. Tagged `UsageStats`, so a purchase return (here or on the membership
 * screen) refetches it (spec 000, section 7: "refetched after purchase"). A 401 is an error like
 * any other; it is never retried.
 */
export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    usageStats: build.query<UsageStats, void>({
      query: () => '/api/usage/stats',
      providesTags: ['UsageStats'],
    }),
  }),
});

export const { useUsageStatsQuery } = usageApi;
