import type { AppContext } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { configuredHostNames } from '../../http/configured-host-names';
import { type SameSiteRule, isCrossSiteRequest } from '../../http/cross-site-request';

/**
 * The header the player sends with every stem request (client/src/lib/audio/stem-request-headers.ts).
 * A page of another site cannot send it: a custom header on a cross-origin fetch needs a CORS
 * preflight, which the API never grants, and a navigation or a form carries none.
 */
export const playerRequestHeader = 'X-Woodshed-Player';

const navigationModes = new Set(['navigate', 'nested-navigate']);

/** The same-origin rule of the app's PUBLIC_URL, built once per router. */
export function playerRequestRule(publicUrl: string): SameSiteRule {
  return { publicOrigin: new URL(publicUrl).origin, hostNames: configuredHostNames(publicUrl) };
}

/**
 * The stem stream is metered and SameSite=Lax sends the cookie with any top-level navigation, so
 * only the player's own fetches are served: Sec-Fetch-Site same-origin, or the player's header
 * where the browser sends none. Refused before credits are asked (decision 0054).
 */
export function requirePlayerRequest(ctx: AppContext, rule: SameSiteRule): void {
  if (!isPlayerRequest(ctx, rule)) {
    throw new AppError(403, 'cross_site_request', 'Stems stream to the Woodshed player only: open the song in the player to hear it.');
  }
}

function isPlayerRequest(ctx: AppContext, rule: SameSiteRule): boolean {
  if (isCrossSiteRequest(ctx, rule)) return false;
  if (navigationModes.has(ctx.get('Sec-Fetch-Mode').toLowerCase())) return false;
  const fetchSite = ctx.get('Sec-Fetch-Site').toLowerCase();
  if (fetchSite === 'same-origin') return true;
  return fetchSite === '' && ctx.get(playerRequestHeader) !== '';
}
