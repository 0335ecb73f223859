import { randomUUID } from 'node:crypto';
import { newEvent } from '../../../events/catalog';
import type { AppDependencies } from '../../app-dependencies';
import type { AppContext } from '../../http/app-context';
import { endSessionsOfUser } from './sessions';

/** End every session of the signed-in user, everywhere (UserSignedOut). */
export async function logOut(deps: AppDependencies, ctx: AppContext, userId: number): Promise<void> {
  const sessionsEnded = await endSessionsOfUser(deps.sql, userId);
  const now = deps.clock.now();
  const requestId = ctx.state.requestId;
  await deps.store.append(
    `user-${userId}`,
    [
      newEvent(
        'UserSignedOut',
        { userId, sessionsEnded },
        { eventId: randomUUID(), occurredAt: now.toISOString(), userId, requestId, causationId: requestId, correlationId: requestId },
      ),
    ],
    { expectedVersion: 'any' },
  );
}
