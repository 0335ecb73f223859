import type { AppContext } from '../../http/app-context';
import { AppError } from '../../http/app-error';

const acceptedFetchSites = new Set(['same-origin', 'none']);

/**
 * GET /api/auth/verify changes state (it signs the browser in), so it gets the same cross-site
 * wall as the writes: another site must not sign a visitor into an account of its choosing.
 */
export function rejectCrossSiteSignIn(ctx: AppContext, publicUrl: string): void {
  const fetchSite = ctx.get('Sec-Fetch-Site').toLowerCase();
  const origin = ctx.get('Origin');
  const crossSiteFetch = fetchSite !== '' && !acceptedFetchSites.has(fetchSite);
  const foreignOrigin = origin !== '' && origin !== new URL(publicUrl).origin && origin !== `${ctx.protocol}://${ctx.host}`;
  if (crossSiteFetch || foreignOrigin) throw new AppError(403, 'cross_site_request', 'Cross-site requests are not allowed.');
}
