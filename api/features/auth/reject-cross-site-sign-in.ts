import type { AppContext } from '../../http/app-context';
import { configuredHostNames } from '../../http/configured-host-names';
import { crossSiteRequestError, isCrossSiteRequest } from '../../http/cross-site-request';

/**
 * GET /api/auth/verify changes state (it signs the browser in), so it gets the same cross-site
 * wall as the writes: another site must not sign a visitor into an account of its choosing.
 */
export function rejectCrossSiteSignIn(ctx: AppContext, publicUrl: string): void {
  const rule = { publicOrigin: new URL(publicUrl).origin, hostNames: configuredHostNames(publicUrl) };
  if (isCrossSiteRequest(ctx, rule)) throw crossSiteRequestError();
}
