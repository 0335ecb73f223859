import Router from '@koa/router';
import type { AppMiddleware, AppRouter, AppState } from '../../http/app-context';

/**
 * A router-shaped wrapper, so a middleware mounts through the feature list (api/features.ts) yet
 * runs for every request, whether or not a route matches (a plain `router.use` runs only on
 * matches), and adds no allowed methods, so the other routers' 405 answers stay right.
 */
export function everyRequestRouter(middleware: AppMiddleware): AppRouter {
  const router = new Router<AppState>();
  const routes = middleware as ReturnType<AppRouter['routes']>;
  router.routes = () => routes;
  router.middleware = () => routes;
  router.allowedMethods = () => (_ctx, next) => next();
  return router;
}
