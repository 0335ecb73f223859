import type { AppDependencies } from '../../app-dependencies';
import { isApiPath } from '../../http/api-path';
import type { AppMiddleware } from '../../http/app-context';
import { isAdmin } from './admin-policy';
import { keyedHash } from './auth-keys';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie';
import { isSignedSessionToken } from './session-token';
import { type FoundSession, findSession } from './sessions';

/**
 * Sets `ctx.state.user` for /api requests with a live session cookie, renewing it daily. Found sessions
 * are cached (`sessionCacheTtlMs`); tokens this server did not sign are refused in memory (decision 0053).
 */
export function sessionMiddleware(deps: AppDependencies): AppMiddleware {
  const { config, sql, clock } = deps;
  const { session: key, sessionToken: tokenKey } = deps.caches.authKeys;
  const cache = deps.caches.sessions;
  // Lookups under way, by token hash: the player's burst of stem requests (six HEADs at once)
  // shares one instead of queueing six on the database.
  const pending = new Map<string, Promise<FoundSession | undefined>>();
  return async (ctx, next) => {
    const token = isApiPath(ctx.path) ? sessionTokenOf(ctx, config.publicUrl) : undefined;
    if (token !== undefined && isSignedSessionToken(tokenKey, token)) {
      const now = clock.now();
      const nowMs = now.getTime();
      const tokenHash = keyedHash(key, token).toString('base64');
      const cached = cache.get(tokenHash, nowMs);
      if (cached !== undefined && cached.expiresAtMs > nowMs) {
        ctx.state.user = { id: cached.userId, email: cached.email, isAdmin: isAdmin({ id: cached.userId, email: cached.email }, config.adminEmails) };
      } else {
        let lookup = pending.get(tokenHash);
        if (lookup === undefined) {
          const asked = findSession(sql, { key, token, now });
          const done = () => {
            if (pending.get(tokenHash) === asked) pending.delete(tokenHash);
          };
          asked.then(done, done);
          pending.set(tokenHash, asked);
          lookup = asked;
        }
        const session = await lookup;
        if (session === undefined) {
          cache.delete(tokenHash);
          clearSessionCookie(ctx, config.publicUrl);
        } else {
          cache.set(tokenHash, { userId: session.userId, email: session.email, expiresAtMs: session.expiresAt.getTime() }, nowMs);
          ctx.state.user = { id: session.userId, email: session.email, isAdmin: isAdmin({ id: session.userId, email: session.email }, config.adminEmails) };
          if (session.renewedUntil !== undefined) setSessionCookie(ctx, config.publicUrl, token, session.renewedUntil, now);
        }
      }
    } else if (token !== undefined) {
      clearSessionCookie(ctx, config.publicUrl);
    }
    await next();
  };
}
