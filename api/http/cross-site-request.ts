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
 * Whether a browser says the request is cross-site: Sec-Fetch-Site other than same-origin/none, or
 * an Origin that is neither PUBLIC_URL's nor the request's own at a configured host name (the DNS
 * rebinding wall). Requests without either header (curl, webhooks) are not.
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
