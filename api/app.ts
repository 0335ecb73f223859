import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import type { AppDependencies } from './app-dependencies';
import { features } from './features';
import { AppError } from './http/app-error';
import type { AppMiddleware, AppRouter, AppState } from './http/app-context';
import { isApiPath } from './http/api-path';
import { serveClientApp } from './http/client-app';
import { compressJson } from './http/compress-json';
import { errorHandler } from './http/error-handler';
import { jsonBody } from './http/json-body';
import { rejectCrossSiteWrites } from './http/reject-cross-site-writes';
import { rejectNonCanonicalApiPaths } from './http/reject-non-canonical-api-paths';
import { requestId } from './http/request-id';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';

const clientGoneCodes = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/** client/dist, next to this folder: where `vite build --config client/vite.config.ts` writes. */
export const defaultClientDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client/dist');

export interface CreateAppOptions extends AppDependencies {
  /** Request-wide feature middleware; default: that of every registered feature (api/features.ts). */
  middleware?: (deps: AppDependencies) => AppMiddleware[];
  /** The routers to mount; default: those of every registered feature (api/features.ts). */
  routers?: (deps: AppDependencies) => AppRouter[];
  /** The built client; default client/dist. */
  clientDistDir?: string;
}

/** Every feature's request-wide middleware, in registration order. */
export function featureMiddleware(deps: AppDependencies): AppMiddleware[] {
  return features.flatMap((feature) => feature.middleware?.(deps) ?? []);
}

/** Every feature's routers, in registration order. */
export function featureRouters(deps: AppDependencies): AppRouter[] {
  return features.flatMap((feature) => feature.routers?.(deps) ?? []);
}

/** The Koa app: shared middleware, the feature routers under /api, and the built client for everything else. */
export function createApp(options: CreateAppOptions): Koa<AppState> {
  const { middleware = featureMiddleware, routers = featureRouters, clientDistDir = defaultClientDistDir, ...deps } = options;
  // Behind proxies, ctx.ip comes from X-Forwarded-For, counting only our own proxies' entries (the client controls the front).
  const { trustedProxies } = deps.config;
  const app = new Koa<AppState>(trustedProxies > 0 ? { proxy: true, maxIpsCount: trustedProxies } : {});
  // Errors after a response started streaming; a client leaving mid-stream is routine.
  app.on('error', (error: unknown, ctx?: { state?: Partial<AppState> }) => {
    const log = ctx?.state?.log ?? deps.logger;
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && clientGoneCodes.has(code)) log.debug({ code }, 'client went away mid-response');
    else log.error({ err: error }, 'response stream failed');
  });

  app.use(requestId(deps.logger));
  app.use(requestLog());
  app.use(securityHeaders({ publicUrl: deps.config.publicUrl }));
  app.use(errorHandler());
  app.use(rejectCrossSiteWrites({ publicUrl: deps.config.publicUrl }));
  app.use(jsonBody({ rawBodyPaths: features.flatMap((feature) => feature.rawBodyPaths ?? []) }));
  app.use(compressJson());
  app.use(apiScope());
  app.use(rejectNonCanonicalApiPaths());
  for (const featureStep of middleware(deps)) app.use(featureStep);
  for (const router of routers(deps)) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(apiEnd());
  app.use(serveClientApp({ distDir: clientDistDir, publicUrl: deps.config.publicUrl }));
  app.use(async (ctx) => {
    throw new AppError(404, 'not_found', `Nothing to ${ctx.method} at this address.`);
  });
  return app;
}

/** For /api paths: no caching unless a route says so, and the JSON error shape for what no route answered. */
function apiScope(): AppMiddleware {
  return async (ctx, next) => {
    if (!isApiPath(ctx.path)) {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    await next();
    if (ctx.body != null) return;
    if (ctx.status === 404) throw new AppError(404, 'not_found', `No API route for ${ctx.method} ${ctx.path}.`);
    const allow = { Allow: ctx.response.get('Allow') };
    if (ctx.status === 405) throw new AppError(405, 'method_not_allowed', `${ctx.method} is not allowed here.`, allow);
    if (ctx.status === 501) throw new AppError(501, 'not_implemented', `${ctx.method} is not implemented.`, allow);
  };
}

/** /api paths end after the routers; everything else goes on to the client app. */
function apiEnd(): AppMiddleware {
  return async (ctx, next) => {
    if (!isApiPath(ctx.path)) await next();
  };
}
