/** GET /api/usage/stats: spec 000 section 3's usage stats, exactly its fields. */
export interface UsageStatsResponse {
  /** Credits used this billing month, and the credits it could use (free plus the packs it could draw on). */
  totalCredits: { used: number; available: number };
  freeCredits: { used: number; total: number; remaining: number };
  /** Pack credits left, and every pack credit held or streamed away (bought, less refunds and adjustments). */
  paidCredits: { remaining: number; total: number };
  /** Every byte ever streamed, Pro streams included. */
  totalBytesStreamed: number;
  hasActiveSubscription: boolean;
  /** The first instant of the current calendar month (UTC), ISO 8601: free credits reset then. */
  billingPeriodStart: string;
}
