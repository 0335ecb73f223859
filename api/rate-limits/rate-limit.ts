import type Koa from 'koa';
import type { AppDependencies } from '../app-dependencies';
import type { AppState } from '../http/app-context';
import { AppError } from '../http/app-error';
import { countHit } from './fixed-window-counter';
import type { RateLimitRule } from './rate-limit-rule';
import { waitPhrase } from './wait-phrase';

/** At most `rule.limit` requests per key per window across processes, else 429 with Retry-After. Mount after validation. */
export function rateLimit<State extends AppState>(
  deps: Pick<AppDependencies, 'sql' | 'clock'>,
  rule: RateLimitRule,
  keyOf: (ctx: Koa.ParameterizedContext<State>) => string,
): Koa.Middleware<State> {
  return async (ctx, next) => {
    await enforceRateLimit(deps, ctx, rule, keyOf(ctx));
    await next();
  };
}

/** The same check inside a handler: count one request of `key` or throw the 429. */
export async function enforceRateLimit(
  deps: Pick<AppDependencies, 'sql' | 'clock'>,
  ctx: { state: Pick<AppState, 'log'> },
  rule: RateLimitRule,
  key: string,
  now: Date = deps.clock.now(),
): Promise<void> {
  const verdict = await countHit(deps.sql, rule, key, now);
  if (!verdict.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil((verdict.windowEnd.getTime() - now.getTime()) / 1000));
    // The rule's name only: the key is an address or a network, which stay out of the logs.
    ctx.state.log.info({ rateLimit: rule.name, retryAfterSeconds }, 'request over a rate limit');
    throw new AppError(429, 'rate_limited', `${rule.refusal} Please try again ${waitPhrase(retryAfterSeconds)}.`, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}
