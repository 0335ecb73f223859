import Router from '@koa/router';
import type { AppMiddleware, AppRouter, AppState } from '../../http/app-context';

/**
 * The guard in router shape, so it mounts through the feature list yet runs for every request
 * (a plain `router.use` runs only when one of its routes matches, and a catch-all route would
 * add every method to the 405 checks of the routers after it).
 */
export function adminGuardRouter(guard: AppMiddleware): AppRouter {
  const router = new Router<AppState>();
  const routes = guard as ReturnType<AppRouter['routes']>;
  router.routes = () => routes;
  router.middleware = () => routes;
  router.allowedMethods = () => (_ctx, next) => next();
  return router;
}
