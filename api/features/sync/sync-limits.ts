import { type RateLimitRule, rateLimitRule } from '../../rate-limits/rate-limit-rule';

/**
 * Pushes per user and minute (decision 0052). The client pushes a batch of at most 100 rows when
 * something changed, and after being offline a few batches in a row; a client pushing in a loop is
 * cut off here before it takes the embedded database's one connection from everyone else.
 */
export const syncPushesPerUser: RateLimitRule = rateLimitRule({
  name: 'sync-pushes-per-user',
  limit: 60,
  windowMs: 60_000,
  refusal: 'Too many sync pushes from your account.',
});
