import type { AppContext } from './app-context';
import { AppError } from './app-error';
import type { ConfiguredHostNames } from './configured-host-names';

// `none` is a request the user started themselves (address bar, bookmark), never a third-party page.
const acceptedFetchSites = new Set(['same-origin', 'none']);

/** What a request's origin is compared with. */
export interface SameSiteRule {
  /** PUBLIC_URL's origin. */
  publicOrigin: string;
  hostNames: ConfiguredHostNames;
}

/**
 * Whether a browser says the request comes from another site: a Sec-Fetch-Site other than
 * same-origin or none, or an Origin that is neither PUBLIC_URL's origin nor the request's own
 * origin at one of the configured host names. The last condition is the DNS rebinding wall: a
 * page on `evil.example` rebound to our address sends `Origin: http://evil.example:3000` with the
 * matching Host, which is "its own origin" but not one of ours. Requests without either header
 * (curl, server-to-server webhooks) are not browser cross-site requests.
 */
export function isCrossSiteRequest(ctx: AppContext, rule: SameSiteRule): boolean {
  const fetchSite = ctx.get('Sec-Fetch-Site').toLowerCase();
  if (fetchSite !== '' && !acceptedFetchSites.has(fetchSite)) return true;
  const origin = ctx.get('Origin');
  if (origin === '' || origin === rule.publicOrigin) return false;
  return origin !== `${ctx.protocol}://${ctx.host}` || !rule.hostNames.allows(ctx.host);
}

/** The one answer to a refused cross-site request. */
export function crossSiteRequestError(): AppError {
  return new AppError(403, 'cross_site_request', 'Cross-site requests are not allowed.');
}
