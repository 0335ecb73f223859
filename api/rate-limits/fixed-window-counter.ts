import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import type { RateLimitRule } from './rate-limit-rule';

/** Whether a request fits its rule's current window, and when that window ends. */
export type WindowVerdict = { allowed: true } | { allowed: false; windowEnd: Date };

/** The start of the window `now` falls in; epoch-aligned, so every process agrees without coordination. */
export function windowStartOf(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Count one hit of `key` atomically across processes: one upsert, adding only under the limit. */
export async function countHit(sql: SqlExecutor, rule: RateLimitRule, key: string, now: Date): Promise<WindowVerdict> {
  const windowStart = windowStartOf(now, rule.windowMs);
  const { rows } = await sql.query<{ hits: number }>(
    `INSERT INTO request_rate_limits AS counted (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = counted.hits + 1 WHERE counted.hits < $3
     RETURNING hits`,
    [`${rule.name}:${key}`, windowStart, rule.limit],
  );
  if (rows.length > 0) return { allowed: true };
  return { allowed: false, windowEnd: new Date(windowStart.getTime() + rule.windowMs) };
}

/** Give back a hit `countHit` took at the same `now`, when the outcome is not one the rule counts. */
export async function returnHit(sql: SqlExecutor, rule: RateLimitRule, key: string, now: Date): Promise<void> {
  await sql.query('UPDATE request_rate_limits SET hits = hits - 1 WHERE bucket = $1 AND window_start = $2 AND hits > 0', [
    `${rule.name}:${key}`,
    windowStartOf(now, rule.windowMs),
  ]);
}
