import { type StoredEvent, decodeEvent, newEvent } from '../catalog';
import type { DecidedEvent } from '../decided-event';
import type { EventMetadata } from '../event-metadata';

/** An event a test puts in the log: its type and data, and where and when if that matters. */
export type GivenEvent = DecidedEvent & {
  /** Default: the stream `storedEvents` is given. */
  streamId?: string;
  /** Default: one minute after the previous event, the data's `userId` (or null), a test request. */
  metadata?: Partial<EventMetadata>;
};

const start = Date.parse('2025-10-16T09:00:00.000Z');

/** Metadata for the `index`th test event (from 1): a distinct event id, a minute apart, a test request. */
export function testEventMetadata(index: number, userId: number | null = null): EventMetadata {
  const eventId = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const occurredAt = new Date(start + index * 60_000).toISOString();
  return { eventId, occurredAt, userId, requestId: 'test-request', causationId: 'test-request', correlationId: 'test-request' };
}

/** Events as a fold reads them, round-tripped through the catalogue so tests cannot start from invalid ones. */
export function storedEvents(events: readonly GivenEvent[], defaultStreamId = 'test-stream'): StoredEvent[] {
  const revisions = new Map<string, bigint>();
  return events.map((event, index) => {
    const streamId = event.streamId ?? defaultStreamId;
    const streamPosition = revisions.get(streamId) ?? 0n;
    revisions.set(streamId, streamPosition + 1n);
    const userId = 'userId' in event.data ? event.data.userId : null;
    const metadata = { ...testEventMetadata(index + 1, userId), ...event.metadata };
    const appended = newEvent<DecidedEvent['type']>(event.type, event.data, metadata);
    const position = String(index + 1).padStart(20, '0');
    return decodeEvent({ ...appended, streamId, streamPosition, position, recordedAt: new Date(metadata.occurredAt) });
  });
}
