import type { AppDependencies } from '../../app-dependencies';
import { runUserCommand } from '../../commands/run-user-command';
import type { AppContext } from '../../http/app-context';
import { decideAnnouncements, foldUnsubscribed } from './announcements-decision';

/**
 * Unsubscribe the signed-in user from announcements, or resubscribe them: decided on the user's
 * stream and awaited in the users read model, so the screen's re-read sees it.
 */
export async function changeAnnouncements(deps: AppDependencies, ctx: AppContext, userId: number, unsubscribe: boolean): Promise<void> {
  await runUserCommand(deps, ctx, userId, foldUnsubscribed, (unsubscribed) => decideAnnouncements(unsubscribed, { userId, unsubscribe }));
}
