import Router from '@koa/router';
import type { StoredEvent } from '../../../events/catalog';
import { deriveAuthKey } from '../../config/auth-secret';
import type { AppDependencies } from '../../app-dependencies';
import { handleCommand } from '../../commands/handle-command';
import type { AppContext, AppRouter, AppState } from '../../http/app-context';
import { unsubscribePath } from './campaign-email';
import { unsubscribePage, unsubscribePageStyleSource } from './campaign-unsubscribe-page';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** Whether the user's stream says they have an account and currently refuse announcements. */
interface AnnouncementsState {
  registered: boolean;
  unsubscribed: boolean;
}

function evolve(state: AnnouncementsState, event: StoredEvent): AnnouncementsState {
  if (event.type === 'UserRegistered') return { ...state, registered: true };
  if (event.type === 'AnnouncementsUnsubscribed') return { ...state, unsubscribed: true };
  if (event.type === 'AnnouncementsResubscribed') return { ...state, unsubscribed: false };
  return state;
}

/**
 * The unsubscribe link of every campaign mail, authorised by its signed token alone:
 * - GET /api/email-campaigns/unsubscribe?token= -> a confirm page; changes nothing (link scanners open links)
 * - POST (RFC 8058 one-click, or the page's button) -> AnnouncementsUnsubscribed, awaited in the
 *   users read model the sender checks. A bad token is 400. The form body is not read (`rawBodyPaths`).
 */
export function campaignUnsubscribeRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: unsubscribePath });
  const key = deriveAuthKey(deps.config, 'campaign-unsubscribe');
  const tokenOf = (ctx: AppContext) => (typeof ctx.query.token === 'string' ? ctx.query.token : '');
  const page = (ctx: AppContext, status: number, state: Parameters<typeof unsubscribePage>[0]) => {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    // The page's inline style, allowed by its hash on top of the app's policy (set by securityHeaders).
    const policy = ctx.response.get('Content-Security-Policy');
    if (policy) ctx.set('Content-Security-Policy', policy.replace(/style-src 'self'/, `style-src 'self' ${unsubscribePageStyleSource}`));
    ctx.body = unsubscribePage(state, `${unsubscribePath}?token=${encodeURIComponent(tokenOf(ctx))}`);
  };

  router.get('/', (ctx) => {
    page(ctx, verifyUnsubscribeToken(key, tokenOf(ctx)) === null ? 400 : 200, verifyUnsubscribeToken(key, tokenOf(ctx)) === null ? 'invalid' : 'confirm');
  });

  router.post('/', async (ctx) => {
    const claim = verifyUnsubscribeToken(key, tokenOf(ctx));
    if (claim === null) {
      page(ctx, 400, 'invalid');
      return;
    }
    let known = true;
    await handleCommand(deps, ctx, {
      stream: `user-${claim.userId}`,
      initialState: { registered: false, unsubscribed: false },
      evolve,
      decide: (state) => {
        known = state.registered;
        return state.registered && !state.unsubscribed ? [{ type: 'AnnouncementsUnsubscribed', data: { userId: claim.userId } }] : [];
      },
      userId: claim.userId,
      readModel: 'users',
    });
    page(ctx, known ? 200 : 400, known ? 'done' : 'invalid');
  });

  return router;
}
