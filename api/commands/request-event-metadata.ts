import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../events/catalog';
import type { Clock } from '../clock';
import type { AppContext } from '../http/app-context';

/**
 * Metadata of an event a request causes, with a fresh event id. The request starts its own chain
 * of causes, so its id is the request, causation and correlation id at once.
 */
export function requestEventMetadata(ctx: AppContext, clock: Clock, userId: number | null): EventMetadata {
  const requestId = ctx.state.requestId;
  return { eventId: randomUUID(), occurredAt: clock.now().toISOString(), userId, requestId, causationId: requestId, correlationId: requestId };
}
