/**
 * The longest window a rule may have. Counters of windows that started longer ago than this can
 * no longer refuse anything, so the sweep drops them (prune-rate-limit-windows.ts).
 */
export const longestRateLimitWindowMs = 24 * 60 * 60_000;

/** At most `limit` requests per key in each fixed window of `windowMs`. */
export interface RateLimitRule {
  /** kebab-case and unique: the prefix of the rule's buckets. */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  /** The first sentence of the 429's message; the time to wait is added after it. */
  readonly refusal: string;
}

/** A checked rule: a mistake in a limit fails at start-up, not on the first request. */
export function rateLimitRule(rule: RateLimitRule): RateLimitRule {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(rule.name)) throw new RangeError(`rate limit name must be kebab-case, got ${rule.name}`);
  if (!Number.isInteger(rule.limit) || rule.limit < 1) throw new RangeError(`rate limit ${rule.name}: limit must be a whole number >= 1`);
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1_000 || rule.windowMs > longestRateLimitWindowMs) {
    throw new RangeError(`rate limit ${rule.name}: window must be between 1 s and ${longestRateLimitWindowMs} ms`);
  }
  return rule;
}

/** `limit` requests per key in each hour. */
export function hourlyLimit(name: string, limit: number, refusal: string): RateLimitRule {
  return rateLimitRule({ name, limit, windowMs: 60 * 60_000, refusal });
}
