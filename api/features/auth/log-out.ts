import { newEvent } from '../../../events/catalog';
import type { AppDependencies } from '../../app-dependencies';
import { requestEventMetadata } from '../../commands/request-event-metadata';
import type { AppContext } from '../../http/app-context';
import { endSessionsOfUser } from './sessions';

/** End every session of the signed-in user, everywhere (UserSignedOut). */
export async function logOut(deps: AppDependencies, ctx: AppContext, userId: number): Promise<void> {
  const sessionsEnded = await endSessionsOfUser(deps.sql, userId);
  // After the rows are gone. A lookup that read them just before may still cache one: it lapses
  // within sessionCacheTtlMs, the bound every other revocation has too (decision 0037).
  deps.caches.sessions.deleteWhere((session) => session.userId === userId);
  await deps.store.append(`user-${userId}`, [newEvent('UserSignedOut', { userId, sessionsEnded }, requestEventMetadata(ctx, deps.clock, userId))], {
    expectedVersion: 'any',
  });
}
