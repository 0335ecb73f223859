import { isApiPath, isCanonicalSpelling } from './api-path';
import type { AppMiddleware } from './app-context';
import { AppError } from './app-error';

/**
 * An /api path spelled any way but the canonical one (`/api//admin`, `/api/%61dmin`,
 * `/api/./admin`, `/api/admin/`) gets the JSON 404 before the session loading, the admin guard or
 * any router sees it. Each of those reads paths its own way; refusing the odd spellings here
 * leaves letter case as the only freedom, and every one of them ignores case
 * (docs/decisions/0005-one-spelling-per-api-path.md).
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
