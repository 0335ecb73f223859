import type Koa from 'koa';
import type Router from '@koa/router';
import type { Logger } from 'pino';

/**
 * What every request carries in `ctx.state`. Features that add state (the signed-in user, ...)
 * extend this interface rather than casting.
 */
export interface AppState {
  /** The request's id: the caller's sane `X-Request-Id` or a fresh UUID; echoed in the response. */
  requestId: string;
  /** The app logger bound to this request's id. */
  log: Logger;
}

export type AppContext = Koa.ParameterizedContext<AppState>;
export type AppMiddleware = Koa.Middleware<AppState>;
/** The router type features mount (`new Router<AppState>({ prefix: '/api/...' })`). */
export type AppRouter = Router<AppState>;
