import Router from '@koa/router';
import { billingMonthStart, freeCreditsPerMonth } from '../../../projections/credits/credit-rules';
import { creditFigures, creditSnapshotOf } from '../../../projections/credits/credits-queries';
import { hasActiveSubscription } from '../../../projections/subscriptions/subscriptions-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { requireUser } from '../../http/require-user';
import type { UsageStats } from '../../../contract/usage-stats';

/**
 * Usage and credits (spec 000 sections 3 and 7), for signed-in users:
 * - GET /api/usage/stats -> UsageStats, from the credits read model for the calendar month
 *   (UTC) the server's clock is in, and the subscriptions read model for Pro. Only read models are
 *   read, so a rebuild from the log gives the same figures; responses in progress are not in them
 *   until they close.
 */
export function usageRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/usage' });

  router.get('/stats', async (ctx) => {
    const user = requireUser(ctx);
    const now = deps.clock.now();
    const [snapshot, pro] = await Promise.all([creditSnapshotOf(deps.sql, user.id, now), hasActiveSubscription(deps.sql, user.id, now)]);
    const figures = creditFigures(snapshot, pro);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      totalCredits: { used: figures.used, available: figures.available },
      freeCredits: { used: figures.freeUsed, total: freeCreditsPerMonth, remaining: figures.freeRemaining },
      paidCredits: { remaining: figures.paidRemaining, total: figures.paidTotal },
      totalBytesStreamed: snapshot.lifetimeBytes,
      hasActiveSubscription: pro,
      billingPeriodStart: billingMonthStart(now).toISOString(),
    } satisfies UsageStats;
  });

  return router;
}
