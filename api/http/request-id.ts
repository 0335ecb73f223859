import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppMiddleware } from './app-context';

export const requestIdHeader = 'X-Request-Id';

// An id set by a load balancer or the client is kept for correlation, but only when it cannot
// smuggle anything into logs or headers.
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Give every request an id (`ctx.state.requestId`), a logger bound to it, and echo it back. */
export function requestId(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    const incoming = ctx.get(requestIdHeader);
    const id = saneRequestId.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.state.log = logger.child({ requestId: id });
    ctx.set(requestIdHeader, id);
    await next();
  };
}
