import type { AppMiddleware } from './app-context';
import { configuredHostNames } from './configured-host-names';
import { crossSiteRequestError, isCrossSiteRequest } from './cross-site-request';
import { stateChangingMethods } from './state-changing-methods';

/**
 * CSRF defence without tokens: a state-changing request is refused with 403 when the browser says
 * it comes from another site (Sec-Fetch-Site), or names an Origin that is not ours
 * (cross-site-request.ts; a rebound host name counts as not ours).
 */
export function rejectCrossSiteWrites(options: { publicUrl: string }): AppMiddleware {
  const rule = { publicOrigin: new URL(options.publicUrl).origin, hostNames: configuredHostNames(options.publicUrl) };
  return async (ctx, next) => {
    if (stateChangingMethods.has(ctx.method) && isCrossSiteRequest(ctx, rule)) throw crossSiteRequestError();
    await next();
  };
}
