import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/env';
import type { AppContext } from '../http/app-context';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether this request may see the health check's detail: an admin's session, or
 * `Authorization: Bearer <HEALTH_DETAIL_TOKEN>` (for an operator's monitoring, which has no
 * session). Compared in constant time; the token is never logged.
 */
export function mayReadHealthDetail(ctx: Pick<AppContext, 'state' | 'get'>, config: Pick<Config, 'healthDetailToken'>): boolean {
  if (ctx.state.user?.isAdmin === true) return true;
  const expected = config.healthDetailToken;
  if (expected === undefined) return false;
  const match = /^Bearer (\S+)$/.exec(ctx.get('Authorization'));
  return match !== null && timingSafeEqual(digest(match[1]!), digest(expected));
}
