import Router from '@koa/router';
import type { EmailPreferences } from '../../../contract/account';
import { findUser } from '../../../projections/users/users-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/require-user';
import { changeAnnouncements } from './change-announcements';

/**
 * The signed-in user's e-mail preferences (spec 001 sections 2.6, 4, 7); the screen's `userId` is
 * never trusted. GET /api/email-preferences, POST .../unsubscribe|resubscribe (+ `message`).
 */
export function emailPreferencesRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/email-preferences' });

  router.get('/', async (ctx) => {
    ctx.body = await readPreferences(deps, requireUser(ctx).id);
  });

  for (const [path, unsubscribe] of [
    ['/unsubscribe', true],
    ['/resubscribe', false],
  ] as const) {
    router.post(path, async (ctx) => {
      const userId = requireUser(ctx).id;
      await changeAnnouncements(deps, ctx, userId, unsubscribe);
      ctx.body = {
        ...(await readPreferences(deps, userId)),
        message: unsubscribe ? 'You will no longer receive announcements.' : 'You will receive announcements again.',
      };
    });
  }

  return router;
}

async function readPreferences(deps: AppDependencies, userId: number): Promise<EmailPreferences> {
  const user = await findUser(deps.sql, userId);
  if (user === null) throw new AppError(503, 'not_ready', 'Your account is still being set up. Please try again in a moment.');
  return { unsubscribedAnnouncements: user.unsubscribedAnnouncements };
}
