import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { AppMiddleware } from './app-context';
import { isApiPath } from './api-path';

// JSON only: the stem stream writes to the socket itself (ctx.respond = false) and is metered on
// the bytes written, and audio does not shrink anyway; the sync stream (text/event-stream) must
// reach the browser event by event, which a compressor's buffering would hold back.
const jsonType = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Compresses the API's JSON answers of 1 KB and more with brotli (a fast level: this runs per
 * request) or gzip, whichever the browser takes. The client's files come precompressed from the
 * build (api/http/client-app.ts).
 */
export function compressJson(): AppMiddleware {
  const compressor = compress({
    filter: (type) => jsonType.test(type),
    threshold: 1024,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
  });
  return async (ctx, next) => {
    if (!isApiPath(ctx.path)) {
      await next();
      return;
    }
    await compressor(ctx, next);
  };
}
