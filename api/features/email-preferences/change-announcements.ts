import { randomUUID } from 'node:crypto';
import { decodeEvent, newEvent } from '../../../events/catalog';
import { WrongExpectedVersion } from '../../../events/store/wrong-expected-version';
import type { AppDependencies } from '../../app-dependencies';
import type { AppContext } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { decideAnnouncements, foldUnsubscribed } from './announcements-decision';

const attempts = 5;
const readModelWaitMs = 5_000;

/**
 * Unsubscribe the signed-in user from announcements, or resubscribe them: decided on the user's
 * stream, appended with its revision as expected version (retried when a concurrent write won),
 * then awaited in the users read model so the screen's re-read sees it.
 */
export async function changeAnnouncements(deps: AppDependencies, ctx: AppContext, userId: number, unsubscribe: boolean): Promise<void> {
  const stream = `user-${userId}`;
  for (let attempt = 1; ; attempt++) {
    const recorded = await deps.store.readStream(stream);
    const decided = decideAnnouncements(foldUnsubscribed(recorded.map(decodeEvent)), { userId, unsubscribe });
    if (decided.length === 0) return;
    const requestId = ctx.state.requestId;
    const metadata = { occurredAt: deps.clock.now().toISOString(), userId, requestId, causationId: requestId, correlationId: requestId };
    const events = decided.map((event) => newEvent(event.type, event.data, { eventId: randomUUID(), ...metadata }));
    const last = recorded.at(-1);
    let position: string;
    try {
      ({ position } = await deps.store.append(stream, events, { expectedVersion: last ? last.streamPosition : 'no_stream' }));
    } catch (error) {
      if (error instanceof WrongExpectedVersion && attempt < attempts) continue;
      throw error;
    }
    try {
      await deps.projections.waitForPosition('users', position, { timeoutMs: readModelWaitMs });
    } catch {
      throw new AppError(503, 'not_ready', 'Your change is saved but not visible yet. Please reload in a moment.');
    }
    return;
  }
}
