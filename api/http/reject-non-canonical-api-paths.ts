import { isApiPath, isCanonicalSpelling } from './api-path';
import type { AppMiddleware } from './app-context';
import { AppError } from './app-error';

/**
 * An /api path spelled other than canonically (`/api//admin`, `/api/%61dmin`, `/api/admin/`) gets
 * the JSON 404 before anything else reads it, leaving letter case as the only freedom (decision 0005).
 */
export function rejectNonCanonicalApiPaths(): AppMiddleware {
  return async (ctx, next) => {
    if (isApiPath(ctx.path) && !isCanonicalSpelling(ctx.path)) {
      throw new AppError(
        404,
        'not_found',
        `No API route for ${ctx.method} ${ctx.path}. API addresses have no empty or dot segments, escaped letters or trailing slash.`,
      );
    }
    await next();
  };
}
