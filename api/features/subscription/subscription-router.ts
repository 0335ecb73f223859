import Router from '@koa/router';
import type { SubscriptionStatus } from '../../../contract/subscription-status';
import { subscriptionStatusOf } from '../../../projections/subscriptions/subscriptions-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { requireUser } from '../../http/require-user';

/**
 * Membership (spec 000 section 7), for signed-in users:
 * - GET /api/subscription/status -> SubscriptionStatus (spec 000 section 3's fields), from the
 *   subscriptions read model at the server's time. Without any subscription every field says "none".
 */
export function subscriptionRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/subscription' });

  router.get('/status', async (ctx) => {
    const user = requireUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await subscriptionStatusOf(deps.sql, user.id, deps.clock.now())) satisfies SubscriptionStatus;
  });

  return router;
}
