import { type StoredEvent, decodeEvent, newEvent } from '../catalog';
import type { DecidedEvent } from '../decided-event';
import type { EventMetadata } from '../event-metadata';

const at = '2025-10-16T09:00:00.000Z';

/** Metadata for test events: fixed time and request, a distinct event id per event. */
export function testEventMetadata(index: number, userId: number | null = null): EventMetadata {
  const eventId = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return { eventId, occurredAt: at, userId, requestId: 'test-request', causationId: 'test-request', correlationId: 'test-request' };
}

/**
 * Events as a fold reads them back from the stream `streamId`, revisions from 0. Each goes through
 * the catalogue both ways (validated on the way in, decoded on the way out), so a test cannot
 * start from an event the store would refuse.
 */
export function storedEvents(events: readonly DecidedEvent[], streamId = 'test-stream'): StoredEvent[] {
  return events.map((event, index) => {
    const appended = newEvent<DecidedEvent['type']>(event.type, event.data, testEventMetadata(index + 1));
    return decodeEvent({ ...appended, streamId, streamPosition: BigInt(index), position: String(index + 1).padStart(20, '0'), recordedAt: new Date(at) });
  });
}
