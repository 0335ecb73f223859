import Router from '@koa/router';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseBody, parseQuery } from '../../http/parse-request';
import { clientNetwork } from '../../rate-limits/client-network';
import { enforceRateLimit } from '../../rate-limits/rate-limit';
import { magicLinkRequest, verifyCodeRequest, verifyLinkQuery } from './auth-requests';
import { completeSignIn } from './complete-sign-in';
import { logOut } from './log-out';
import { rejectCrossSiteSignIn } from './reject-cross-site-sign-in';
import { magicLinkSentMessage, requestMagicLink } from './request-magic-link';
import { clearSessionCookie } from './session-cookie';
import { signInEmailsPerNetwork } from './sign-in-network-limits';
import { verifyCode } from './verify-code';
import { verifyLink } from './verify-link';

/**
 * Sign-in and sign-out (spec 001 sections 2.2, 2.3, 7), with per-network limits on top of the
 * per-address ones: POST /api/auth/request-magic-link, POST /api/auth/verify-code and
 * GET /api/auth/verify?token= (-> { user } + session cookie), POST /api/auth/logout (every session ends).
 */
export function authRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/auth' });

  router.post('/request-magic-link', async (ctx) => {
    const { email } = parseBody(ctx, magicLinkRequest, 'first');
    await enforceRateLimit(deps, ctx, signInEmailsPerNetwork, clientNetwork(ctx.ip));
    await requestMagicLink(deps, email);
    ctx.body = { message: magicLinkSentMessage };
  });

  router.post('/verify-code', async (ctx) => {
    const { email, code } = parseBody(ctx, verifyCodeRequest, 'first');
    await verifyCode(deps, ctx, email, code);
    ctx.body = await completeSignIn(deps, ctx, email, 'code');
  });

  router.get('/verify', async (ctx) => {
    // The router answers HEAD with GET routes; a link checker's HEAD must not use up the link.
    if (ctx.method !== 'GET') throw new AppError(405, 'method_not_allowed', 'Use GET to verify a sign-in link.', { Allow: 'GET' });
    rejectCrossSiteSignIn(ctx, deps.config.publicUrl);
    const { token } = parseQuery(ctx, verifyLinkQuery, 'first');
    const email = await verifyLink(deps, ctx, token);
    ctx.body = await completeSignIn(deps, ctx, email, 'link');
  });

  router.post('/logout', async (ctx) => {
    const user = ctx.state.user;
    if (user !== undefined) await logOut(deps, ctx, user.id);
    clearSessionCookie(ctx, deps.config.publicUrl);
    ctx.body = { message: 'Logged out' };
  });

  return router;
}
