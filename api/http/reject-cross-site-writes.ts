import { AppError } from './app-error';
import type { AppContext, AppMiddleware } from './app-context';
import { stateChangingMethods } from './state-changing-methods';

// `none` is a request the user started themselves (address bar, bookmark), never a third-party page.
const acceptedFetchSites = new Set(['same-origin', 'none']);

/**
 * CSRF defence without tokens: a state-changing request is refused with 403 when the browser says
 * it comes from another site (Sec-Fetch-Site) or names a foreign Origin. Requests without either
 * header (curl, server-to-server webhooks) are not browser cross-site requests and pass.
 */
export function rejectCrossSiteWrites(options: { publicUrl: string }): AppMiddleware {
  const publicOrigin = new URL(options.publicUrl).origin;
  return async (ctx, next) => {
    if (stateChangingMethods.has(ctx.method)) {
      const fetchSite = ctx.get('Sec-Fetch-Site');
      if (fetchSite !== '' && !acceptedFetchSites.has(fetchSite.toLowerCase())) {
        throw crossSite();
      }
      const origin = ctx.get('Origin');
      if (origin !== '' && origin !== publicOrigin && origin !== ownOrigin(ctx)) {
        throw crossSite();
      }
    }
    await next();
  };
}

function ownOrigin(ctx: AppContext): string {
  return `${ctx.protocol}://${ctx.host}`;
}

function crossSite(): AppError {
  return new AppError(403, 'cross_site_request', 'Cross-site requests are not allowed.');
}
