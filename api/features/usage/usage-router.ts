import Router from '@koa/router';
import { billingMonthStart, freeCreditsPerMonth } from '../../../projections/credits/credit-rules';
import { creditFigures, creditSnapshotOf } from '../../../projections/credits/credits-queries';
import { hasActiveSubscription } from '../../../projections/subscriptions/subscriptions-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { requireUser } from '../../http/require-user';
import type { UsageStats } from '../../../contract/usage-stats';

/**
 * GET /api/usage/stats -> UsageStats (spec 000 sections 3, 7), from the credits read model for the
 * server's UTC calendar month and the subscriptions read model; responses in progress count once closed.
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
