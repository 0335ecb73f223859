import { type StoredEvent, type WoodshedEventType, decodeEvent, newEvent } from '../../events/catalog';
import type { Position } from '../../events/store/event-store';
import { WrongExpectedVersion } from '../../events/store/wrong-expected-version';
import type { AppDependencies } from '../app-dependencies';
import type { AppContext } from '../http/app-context';
import { AppError } from '../http/app-error';
import { requestEventMetadata } from './request-event-metadata';

const attempts = 5;
const readModelWaitMs = 5_000;

/**
 * Handle a command on the user's stream `user-<id>`: fold its events into state, decide, append
 * with the stream's revision as expected version (retrying when a concurrent write got there
 * first), then wait until the users read model has the new events, so the next read sees them.
 * Resolves without writing when the decision is "nothing to change".
 */
export async function runUserCommand<State>(
  deps: AppDependencies,
  ctx: AppContext,
  userId: number,
  fold: (events: readonly StoredEvent[]) => State,
  decide: (state: State) => ReadonlyArray<{ type: WoodshedEventType; data: unknown }>,
): Promise<Position | undefined> {
  const stream = `user-${userId}`;
  for (let attempt = 1; ; attempt++) {
    const recorded = await deps.store.readStream(stream);
    const decided = decide(fold(recorded.map(decodeEvent)));
    if (decided.length === 0) return undefined;
    // `decide` pairs each type with its own data; the catalogue validates it again here.
    const events = decided.map((event) => newEvent(event.type, event.data as never, requestEventMetadata(ctx, deps.clock, userId)));
    const last = recorded.at(-1);
    try {
      const { position } = await deps.store.append(stream, events, { expectedVersion: last ? last.streamPosition : 'no_stream' });
      await waitForUsersReadModel(deps, position);
      return position;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= attempts) throw error;
    }
  }
}

async function waitForUsersReadModel(deps: AppDependencies, position: Position): Promise<void> {
  try {
    await deps.projections.waitForPosition('users', position, { timeoutMs: readModelWaitMs });
  } catch {
    throw new AppError(503, 'not_ready', 'Your change is saved but not visible yet. Please reload in a moment.');
  }
}
