import type { AppMiddleware } from './app-context';

/** Paths whose last segment is a secret (docs/decisions/0057): logged as `[redacted]`. */
const secretSegmentPrefixes = ['/api/ses/notifications/'];

/** The path as the log may show it. */
export function loggablePath(path: string): string {
  const prefix = secretSegmentPrefixes.find((candidate) => path.startsWith(candidate) && path.length > candidate.length);
  return prefix === undefined ? path : `${prefix}[redacted]`;
}

/** One log line per request when its response closes; only the path, secrets redacted (never query, headers or body). */
export function requestLog(): AppMiddleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    ctx.res.once('close', () => {
      const path = loggablePath(ctx.path);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        method: ctx.method,
        path,
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
        ...(!ctx.res.writableFinished && { aborted: true }),
      };
      const message = `${ctx.method} ${path} ${ctx.status} ${line.ms}ms`;
      // Load balancers poll the health check every few seconds; a healthy answer is noise.
      if ((ctx.path === '/api/health' || ctx.path === '/api/health/live') && ctx.status === 200) ctx.state.log.debug(line, message);
      else if (ctx.status >= 500) ctx.state.log.warn(line, message);
      else ctx.state.log.info(line, message);
    });
    await next();
  };
}
