import type { AppDependencies } from '../../app-dependencies';
import { isApiPath } from '../../http/api-path';
import type { AppMiddleware } from '../../http/app-context';
import { isAdmin } from './admin-policy';
import { authKeys } from './auth-keys';
import { looksLikeOpaqueToken } from './sign-in-secrets';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie';
import { findSession } from './sessions';

/**
 * Put the signed-in user into `ctx.state.user` for every /api request that carries a live session
 * cookie, renewing the session (and its cookie) once a day. A stale or forged cookie is cleared.
 */
export function sessionMiddleware(deps: Pick<AppDependencies, 'config' | 'sql' | 'clock'>): AppMiddleware {
  const { config, sql, clock } = deps;
  const { session: key } = authKeys(config);
  return async (ctx, next) => {
    const token = isApiPath(ctx.path) ? sessionTokenOf(ctx, config.publicUrl) : undefined;
    if (token !== undefined) {
      const now = clock.now();
      const session = looksLikeOpaqueToken(token) ? await findSession(sql, { key, token, now }) : undefined;
      if (session === undefined) {
        clearSessionCookie(ctx, config.publicUrl);
      } else {
        ctx.state.user = { id: session.userId, email: session.email, isAdmin: isAdmin({ id: session.userId, email: session.email }, config.adminEmails) };
        if (session.renewedUntil !== undefined) setSessionCookie(ctx, config.publicUrl, token, session.renewedUntil, now);
      }
    }
    await next();
  };
}
