import { randomUUID } from 'node:crypto';
import { type DecidedEvent, type StoredEvent, decodeEvent, newEvent } from '../../../events/catalog';
import type { Position } from '../../../events/store/event-store';
import { WrongExpectedVersion } from '../../../events/store/wrong-expected-version';
import type { AppDependencies } from '../../app-dependencies';

/** What caused a reconciliation: the request, and the provider's event (its id is recorded on every event appended). */
export interface PaymentCause {
  requestId: string;
  /** Stripe's event id (`evt_...`), or the request id when a user's own request asked. */
  causationId: string;
}

export interface Reconciliation<State> {
  stream: string;
  initialState: State;
  evolve: (state: State, event: StoredEvent) => State;
  /** Fetches the provider's current state and decides; called again, with a fresh fetch, after a lost race. */
  decide: (state: State) => Promise<readonly PaymentDecidedEvent[]>;
}

/** Payment events all name the user they concern; that user is recorded in their metadata too. */
type PaymentDecidedEvent = DecidedEvent & { data: { userId: number } };

const maxAttempts = 8;

/**
 * Bring one stream to the provider's state in one append, so a delivery has its whole effect or
 * none. A lost race re-reads the stream and re-asks the provider, so a stale answer is never
 * appended after a fresher one.
 */
export async function reconcileStream<State>(
  deps: Pick<AppDependencies, 'store' | 'clock'>,
  cause: PaymentCause,
  reconciliation: Reconciliation<State>,
): Promise<{ events: readonly PaymentDecidedEvent[]; position: Position | undefined }> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await deps.store.readStream(reconciliation.stream);
    const state = recorded.map(decodeEvent).reduce(reconciliation.evolve, reconciliation.initialState);
    const decided = await reconciliation.decide(state);
    if (decided.length === 0) return { events: [], position: undefined };
    const occurredAt = deps.clock.now().toISOString();
    const toAppend = decided.map((event) =>
      newEvent<DecidedEvent['type']>(event.type, event.data, {
        eventId: randomUUID(),
        occurredAt,
        userId: event.data.userId,
        requestId: cause.requestId,
        causationId: cause.causationId,
        correlationId: cause.causationId,
      }),
    );
    const last = recorded.at(-1);
    try {
      const { position } = await deps.store.append(reconciliation.stream, toAppend, { expectedVersion: last ? last.streamPosition : 'no_stream' });
      return { events: decided, position };
    } catch (error) {
      // After the last attempt the error reaches the webhook as a 500: Stripe delivers again later.
      if (!(error instanceof WrongExpectedVersion) || attempt >= maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
