import { z } from 'zod';

/** GET /api/usage/stats: spec 000 section 3's usage stats, exactly its fields. */
export const usageStatsSchema = z.object({
  /** Credits used this billing month, and the credits it could use (free plus the packs it could draw on). */
  totalCredits: z.object({ used: z.number(), available: z.number() }),
  freeCredits: z.object({ used: z.number(), total: z.number(), remaining: z.number() }),
  /** Pack credits left, and every pack credit held or streamed away (bought, less refunds and adjustments). */
  paidCredits: z.object({ remaining: z.number(), total: z.number() }),
  /** Every byte ever streamed, Pro streams included. */
  totalBytesStreamed: z.number().nonnegative(),
  hasActiveSubscription: z.boolean(),
  /** The first instant of the current calendar month (UTC), ISO 8601: free credits reset then. */
  billingPeriodStart: z.string(),
});
export type UsageStats = z.infer<typeof usageStatsSchema>;
