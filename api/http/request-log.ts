import type { AppMiddleware } from './app-context';

/**
 * One log line per request when its response closes (finished or aborted): method, path, status,
 * milliseconds, request id. Only the path is logged: query strings may carry tokens, and headers
 * (cookies, Authorization) and bodies are never logged.
 */
export function requestLog(): AppMiddleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    ctx.res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
        ...(!ctx.res.writableFinished && { aborted: true }),
      };
      const message = `${ctx.method} ${ctx.path} ${ctx.status} ${line.ms}ms`;
      // Load balancers poll the health check every few seconds; a healthy answer is noise.
      if ((ctx.path === '/api/health' || ctx.path === '/api/health/live') && ctx.status === 200) ctx.state.log.debug(line, message);
      else if (ctx.status >= 500) ctx.state.log.warn(line, message);
      else ctx.state.log.info(line, message);
    });
    await next();
  };
}
