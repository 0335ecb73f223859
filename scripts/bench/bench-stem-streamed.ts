import { randomUUID } from 'node:crypto';
import { newEvent } from '../../events/catalog';
import type { EventToAppend } from '../../events/store/event-store';

/** The event a metering command appends, built through the catalogue so every target pays the same per-command cost. */
export function benchStemStreamed(userId: number): EventToAppend {
  const eventId = randomUUID();
  const requestId = randomUUID();
  return newEvent(
    'StemStreamed',
    { userId, songId: 1 + (userId % 97), filename: 'drums.opus', bytesSent: 1_048_576, range: null, aborted: false },
    { eventId, occurredAt: new Date().toISOString(), userId, requestId, causationId: requestId, correlationId: requestId },
  );
}
