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

/** Every /api/admin request, routed or not: 401 without a session, 403 for non-admins (decision 0001). */
export function adminGuard(): AppMiddleware {
  return async (ctx, next) => {
    if (isAdminPath(ctx.path)) {
      if (!requireUser(ctx).isAdmin) throw new AppError(403, 'forbidden', 'Only administrators can do that.');
    }
    await next();
  };
}
