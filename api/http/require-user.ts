import type { AppState } from './app-context';
import { AppError } from './app-error';
import type { SessionUser } from './session-user';

/** The request's signed-in user; a visitor gets 401 `unauthenticated`. */
export function requireUser(ctx: { state: Pick<AppState, 'user'> }): SessionUser {
  if (ctx.state.user === undefined) throw new AppError(401, 'unauthenticated', 'Please sign in.');
  return ctx.state.user;
}
