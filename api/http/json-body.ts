import { bodyParser } from '@koa/bodyparser';
import { AppError } from './app-error';
import type { AppContext, AppMiddleware } from './app-context';
import { stateChangingMethods } from './state-changing-methods';

/** Largest JSON body accepted; larger bodies get 413. */
export const jsonBodyLimit = '100kb';

/**
 * State-changing requests carry JSON or nothing: a body of another type gets 415 (a cheap second
 * CSRF wall too, since cross-site forms cannot send application/json). The parsed body lands in
 * `ctx.request.body` (`{}` when empty) and the raw text in `ctx.request.rawBody` (webhook signatures).
 */
export function jsonBody(): AppMiddleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: jsonBodyLimit,
    parsedMethods: [...stateChangingMethods],
  });
  return async (ctx, next) => {
    if (stateChangingMethods.has(ctx.method) && hasBody(ctx) && !ctx.request.is('application/json')) {
      throw new AppError(415, 'unsupported_media_type', 'Send the request body as application/json.');
    }
    await parse(ctx, next);
  };
}

// An empty body (`Content-Length: 0`, or no length at all) is allowed whatever its Content-Type.
function hasBody(ctx: AppContext): boolean {
  if (ctx.req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(ctx.req.headers['content-length'] ?? '0');
  return !Number.isFinite(length) || length > 0;
}
