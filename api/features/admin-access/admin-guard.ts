import { isPathWithin } from '../../http/api-path';
import type { AppMiddleware } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/require-user';

/**
 * Whether a path is /api/admin or under it, in any letter case or spelling: the routers match
 * `/API/Admin/stats` too, so the guard must not be the one layer that reads it differently.
 */
export function isAdminPath(path: string): boolean {
  return isPathWithin(path, '/api/admin');
}

/**
 * Every /api/admin request: 401 without a session, 403 for anyone but an admin, whatever the
 * route (existing or not yet written). The spec only hides the client's button; the server
 * decides (docs/decisions/0001-admin-enforced-on-server.md). `ctx.state.user` (with `isAdmin`)
 * is set by the auth feature's session middleware, mounted before this guard. Mounted through
 * `Feature.middleware`, so it runs for every request, whether or not a route matches.
 */
export function adminGuard(): AppMiddleware {
  return async (ctx, next) => {
    if (isAdminPath(ctx.path)) {
      if (!requireUser(ctx).isAdmin) throw new AppError(403, 'forbidden', 'Only administrators can do that.');
    }
    await next();
  };
}
