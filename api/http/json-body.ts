import { bodyParser } from '@koa/bodyparser';
import { AppError } from './app-error';
import type { AppContext, AppMiddleware } from './app-context';
import { stateChangingMethods } from './state-changing-methods';

/** Largest JSON body accepted; larger bodies get 413. */
export const jsonBodyLimit = '100kb';

/**
 * State-changing requests carry JSON or nothing, else 415 (cross-site forms cannot send JSON).
 * `rawBodyPaths` (exact, or a `/`-ended prefix) pass unread, for signature checks over exact bytes.
 */
export function jsonBody(options: { rawBodyPaths?: readonly string[] } = {}): AppMiddleware {
  // Signed webhooks (Stripe) verify the bytes as sent: their routes read the body themselves.
  const rawBodyPaths = new Set(options.rawBodyPaths?.filter((path) => !path.endsWith('/')));
  const rawBodyPrefixes = options.rawBodyPaths?.filter((path) => path.endsWith('/')) ?? [];
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: jsonBodyLimit,
    parsedMethods: [...stateChangingMethods],
  });
  return async (ctx, next) => {
    if (rawBodyPaths.has(ctx.path) || rawBodyPrefixes.some((prefix) => ctx.path.startsWith(prefix))) {
      await next();
      return;
    }
    if (stateChangingMethods.has(ctx.method) && hasBody(ctx) && !ctx.request.is('application/json')) {
      throw new AppError(415, 'unsupported_media_type', 'Send the request body as application/json.');
    }
    let bodyRead = false;
    try {
      await parse(ctx, async () => {
        bodyRead = true;
        await next();
      });
    } catch (error) {
      // Errors from the routes below pass untouched; only reading the body is judged here.
      throw bodyRead ? error : bodyReadError(error);
    }
  };
}

// zlib's codes (Z_DATA_ERROR, Z_BUF_ERROR for a truncated stream) and brotli's (ERR__ERROR_FORMAT_...).
const zlibErrorCode = /^(Z_|ERR__ERROR_|ERR_BROTLI_)/;

/** Undecompressable bodies are a 400 and unknown encodings a 415, not the 500 zlib's status-less errors would give. */
function bodyReadError(error: unknown): unknown {
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown };
  if (typeof code === 'string' && zlibErrorCode.test(code)) {
    return new AppError(400, 'invalid_request', 'The request body could not be decompressed as its Content-Encoding says.');
  }
  if (status === 415 && error instanceof Error && error.message.startsWith('Unsupported Content-Encoding')) {
    return new AppError(415, 'unsupported_media_type', 'Unsupported Content-Encoding: send the body uncompressed, or as gzip, deflate or br.');
  }
  return error;
}

// An empty body (`Content-Length: 0`, or no length at all) is allowed whatever its Content-Type.
function hasBody(ctx: AppContext): boolean {
  if (ctx.req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(ctx.req.headers['content-length'] ?? '0');
  return !Number.isFinite(length) || length > 0;
}
