import Router from '@koa/router';
import { creditSnapshotOf } from '../../../projections/credits/credits-queries';
import { ProjectionWaitTimeout } from '../../../projections/runtime/position-waiter';
import { userHistoryPage } from '../../../projections/user-event-history/user-event-history-queries';
import { songTitlesOf } from '../../../projections/songs/songs-queries';
import { findUser } from '../../../projections/users/users-queries';
import type { AppDependencies } from '../../app-dependencies';
import { handleCommand } from '../../commands/handle-command';
import type { AppContext, AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseBody, parseInput, parseQuery } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { adminUserIdParam, creditAdjustmentRequest, defaultEventsPageSize, userEventsQuery } from './admin-requests';
import type { AuditEventsPage, CreditAdjustmentRecorded } from '../../../contract/admin';

const readModelWaitMs = 5_000;

/**
 * Auditing a user (decision 0023), admins only:
 * - GET /api/admin/users/{id}/events?limit=&type=&before= -> AuditEventsPage, newest first, paged by log position
 * - POST /api/admin/users/{id}/credit-adjustments { credits, reason } -> 201 CreditAdjustmentRecorded:
 *   appends CreditsAdjusted (the admin as actor), answered once the credits and history read models have it
 * An unknown user is 404 and nothing is appended.
 */
export function adminAuditRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/admin/users' });

  router.get('/:id/events', async (ctx) => {
    const userId = await existingUserId(deps, ctx);
    const query = parseQuery(ctx, userEventsQuery);
    const page = await userHistoryPage(deps.sql, userId, { before: query.before, types: query.type, limit: query.limit ?? defaultEventsPageSize });
    const songIds = page.events.map((event) => event.data.songId).filter((id): id is number => Number.isInteger(id));
    const titles = await songTitlesOf(deps.sql, songIds);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      events: page.events.map((event) => ({
        position: event.position,
        eventId: event.eventId,
        type: event.type,
        occurredAt: event.occurredAt.toISOString(),
        actorUserId: event.actorUserId,
        data: event.data,
      })),
      nextCursor: page.nextCursor,
      songTitles: Object.fromEntries([...titles].map(([id, title]) => [String(id), title])),
    } satisfies AuditEventsPage;
  });

  router.post('/:id/credit-adjustments', async (ctx) => {
    const admin = requireUser(ctx);
    const userId = await existingUserId(deps, ctx);
    const { credits, reason } = parseBody(ctx, creditAdjustmentRequest);
    // Each request is one adjustment: the stream is read only to append after its last event.
    const outcome = await handleCommand(deps, ctx, {
      stream: `credit-adjustments-user-${userId}`,
      initialState: null,
      evolve: (state) => state,
      decide: () => [{ type: 'CreditsAdjusted', data: { userId, credits, reason } }],
      userId: admin.id,
      readModel: 'credits',
    });
    try {
      await deps.projections.waitForPosition('user-event-history', outcome.position!, { timeoutMs: readModelWaitMs });
    } catch (error) {
      if (!(error instanceof ProjectionWaitTimeout)) throw error;
      throw new AppError(503, 'not_ready', 'The adjustment is saved but not visible yet. Please reload in a moment.');
    }
    const snapshot = await creditSnapshotOf(deps.sql, userId, deps.clock.now());
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      userId,
      credits,
      reason,
      paidCreditsRemaining: snapshot.paidBalance,
    } satisfies CreditAdjustmentRecorded;
  });

  return router;
}

/** The path's user id, validated, of an account that exists (404 otherwise). */
async function existingUserId(deps: AppDependencies, ctx: AppContext): Promise<number> {
  const { id } = parseInput(adminUserIdParam, ctx.params, 'path');
  if (!(await findUser(deps.sql, id))) throw new AppError(404, 'not_found', 'There is no such user.');
  return id;
}
