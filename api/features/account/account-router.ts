import Router from '@koa/router';
import { findUser } from '../../../projections/users/users-queries';
import type { UserRecord } from '../../../projections/users/users-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { decideChangePreferences, decideDismissTutorial } from './account-decisions';
import { preferencesChangeRequest, tutorialDismissalRequest } from './account-requests';
import { toMeResponse, toPreferencesResponse } from './account-responses';
import { type AccountState, evolveAccountState, initialAccountState } from './account-state';
import { handleCommand } from '../../commands/handle-command';
import type { Command } from '../../commands/handle-command';
import type { AccountEvent } from './account-decisions';

/**
 * The signed-in user's account (spec 000 sections 3 and 7), from the users read model:
 * GET /api/auth/me and PATCH /api/user/tutorial-dismissal -> CurrentUser (401 without a session);
 * GET and PATCH /api/user/preferences -> Preferences (contract/account.ts).
 */
export function accountRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/auth/me', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = toMeResponse(await readUser(deps, user.id), user.isAdmin);
  });

  router.patch('/user/tutorial-dismissal', async (ctx) => {
    const user = requireUser(ctx);
    const tutorial = parseBody(ctx, tutorialDismissalRequest);
    await handleCommand(deps, ctx, accountCommand(user.id, (state) => decideDismissTutorial(state, { userId: user.id, tutorial })));
    ctx.body = toMeResponse(await readUser(deps, user.id), user.isAdmin);
  });

  router.get('/user/preferences', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = toPreferencesResponse(await readUser(deps, user.id));
  });

  router.patch('/user/preferences', async (ctx) => {
    const user = requireUser(ctx);
    const change = parseBody(ctx, preferencesChangeRequest);
    await handleCommand(deps, ctx, accountCommand(user.id, (state) => decideChangePreferences(state, { userId: user.id, ...change })));
    ctx.body = toPreferencesResponse(await readUser(deps, user.id));
  });

  return router;
}

/** An account command on the user's stream, awaited in the users read model that /me reads. */
function accountCommand(userId: number, decide: (state: AccountState) => AccountEvent[]): Command<AccountState, AccountEvent> {
  return { stream: `user-${userId}`, initialState: initialAccountState, evolve: evolveAccountState, decide, userId, readModel: 'users' };
}

async function readUser(deps: AppDependencies, userId: number): Promise<UserRecord> {
  const user = await findUser(deps.sql, userId);
  // Sign-in waits for the read model, so this is a rebuild or a lagging worker, not a missing account.
  if (user === null) throw new AppError(503, 'not_ready', 'Your account is still being set up. Please try again in a moment.');
  return user;
}
