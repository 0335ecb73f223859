import Router from '@koa/router';
import { adminUsageJson, recentSongsOf } from '../../../projections/admin-usage/admin-usage-queries';
import { churnAt } from '../../../projections/subscription-churn/subscription-churn-queries';
import { activeSubscriptionCounts, subscriptionStatusesAt } from '../../../projections/subscriptions/subscriptions-overview-queries';
import { findUser } from '../../../projections/users/users-queries';
import { listAccounts } from '../../../projections/users/users-list-queries';
import { countUsers } from '../../../projections/users/users-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/parse-request';
import { adminUserIdParam } from './admin-requests';
import type { AdminStats, AdminUser, LastSong } from '../../../contract/admin';
import { monthlyRevenue } from './monthly-revenue';

/** Songs in the Last Active tooltip (spec 001 section 9). */
const lastSongsShown = 3;

/**
 * The admin overview and usage figures (spec 001 sections 2.9, 3, 7; contract/admin.ts), from read
 * models at the server clock's now: GET /api/admin/stats, /users, /usage, /user/{id}/last-songs
 * (404 for an unknown user).
 */
export function adminFiguresRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/admin' });

  router.get('/stats', async (ctx) => {
    const now = deps.clock.now();
    const [totalUsers, counts, churn] = await Promise.all([countUsers(deps.sql), activeSubscriptionCounts(deps.sql, now), churnAt(deps.sql, now)]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      totalUsers,
      activeSubscriptions: counts.monthly + counts.yearly,
      monthlyRevenue: monthlyRevenue(counts),
      churnRate: churn.ratePercent,
    } satisfies AdminStats;
  });

  router.get('/users', async (ctx) => {
    const now = deps.clock.now();
    const [accounts, statuses] = await Promise.all([listAccounts(deps.sql), subscriptionStatusesAt(deps.sql, now)]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = accounts.map((account): AdminUser => {
      const status = statuses.get(account.id);
      return {
        id: account.id,
        email: account.email,
        subscriptionStatus: status?.subscriptionStatus ?? null,
        subscriptionEndsAt: status?.subscriptionEndsAt ?? null,
        createdAt: account.registeredAt.toISOString(),
        lastLoginAt: account.lastSignedInAt?.toISOString() ?? null,
      };
    });
  });

  router.get('/usage', async (ctx) => {
    // Built as JSON by the database (contract/admin.ts: AdminUsageRow), sent as is.
    const usage: string = await adminUsageJson(deps.sql, deps.clock.now());
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = usage;
  });

  router.get('/user/:id/last-songs', async (ctx) => {
    const { id } = parseInput(adminUserIdParam, ctx.params, 'path');
    if (!(await findUser(deps.sql, id))) throw new AppError(404, 'not_found', 'There is no such user.');
    const songs = await recentSongsOf(deps.sql, id, lastSongsShown);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = songs.map((song): LastSong => ({ songId: song.songId, songTitle: song.songTitle }));
  });

  return router;
}
