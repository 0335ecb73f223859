import type { AppDependencies } from '../../app-dependencies';
import { handleCommand } from '../../commands/handle-command';
import type { AppContext } from '../../http/app-context';
import { decideAnnouncements, evolveUnsubscribed, initiallyUnsubscribed } from './announcements-decision';

/**
 * Unsubscribe the signed-in user from announcements, or resubscribe them: decided on the user's
 * stream and awaited in the users read model, so the screen's re-read sees it.
 */
export async function changeAnnouncements(deps: AppDependencies, ctx: AppContext, userId: number, unsubscribe: boolean): Promise<void> {
  await handleCommand(deps, ctx, {
    stream: `user-${userId}`,
    initialState: initiallyUnsubscribed,
    evolve: evolveUnsubscribed,
    decide: (unsubscribed) => decideAnnouncements(unsubscribed, { userId, unsubscribe }),
    userId,
    readModel: 'users',
  });
}
