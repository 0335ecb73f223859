import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../events/catalog';
import type { Clock } from '../clock';
import type { AppState } from '../http/app-context';

/** The part of a request its events' metadata comes from (a Koa context has it). */
export interface EventSource {
  state: Pick<AppState, 'requestId'>;
}

/**
 * Metadata of an event a request causes, with a fresh event id. The request starts its own chain
 * of causes, so its id is the request, causation and correlation id at once.
 */
export function requestEventMetadata(ctx: EventSource, clock: Clock, userId: number | null): EventMetadata {
  const requestId = ctx.state.requestId;
  return { eventId: randomUUID(), occurredAt: clock.now().toISOString(), userId, requestId, causationId: requestId, correlationId: requestId };
}
