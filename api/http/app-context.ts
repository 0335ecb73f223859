import type Koa from 'koa';
import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { SessionUser } from './session-user';

/** What every request carries in `ctx.state`; features extend it rather than casting. */
export interface AppState {
  /** The request's id: the caller's sane `X-Request-Id` or a fresh UUID; echoed in the response. */
  requestId: string;
  /** The app logger bound to this request's id. */
  log: Logger;
  /** The signed-in user (session middleware); undefined for visitors. Read it through `requireUser(ctx)`. */
  user?: SessionUser;
}

export type AppContext = Koa.ParameterizedContext<AppState>;
export type AppMiddleware = Koa.Middleware<AppState>;
/** The router type features mount (`new Router<AppState>({ prefix: '/api/...' })`). */
export type AppRouter = Router<AppState>;
