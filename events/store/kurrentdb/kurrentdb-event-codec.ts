import { isDeepStrictEqual } from 'node:util';
import { jsonEvent } from '@kurrent/kurrentdb-client';
import type {
  AllStreamResolvedEvent,
  EventData,
  JSONType,
  RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventToAppend, Position, RecordedEvent, StoredMetadata } from '../event-store';
import { isSystemEventType } from './kurrentdb-event-filter';
import { encodeKurrentPosition } from './kurrentdb-position';

/** The metadata key that carries our `schemaVersion`; KurrentDB events have no field for it. */
export const SCHEMA_VERSION_KEY = '$schemaVersion';

/** Our event as KurrentDB data; our event id lets KurrentDB recognise a retried append. */
export function toKurrentEventData(event: EventToAppend): EventData {
  return jsonEvent({
    id: event.eventId,
    type: event.type,
    // The catalogue's schemas only produce JSON values; the client's type is narrower than ours.
    data: event.data as JSONType,
    metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: event.schemaVersion },
  });
}

/** A KurrentDB event as our `RecordedEvent`, with the schema version taken back out of metadata. */
export function fromKurrentRecordedEvent(recorded: KurrentRecordedEvent): RecordedEvent {
  if (!recorded.position) {
    // Positions on stream reads arrived with server 22.6; we cannot order events without them.
    throw new Error(`KurrentDB returned ${recorded.streamId}@${recorded.revision} without a position; the server is too old`);
  }
  const { [SCHEMA_VERSION_KEY]: _schemaVersion, ...metadata } = metadataObject(recorded.metadata);
  return {
    eventId: recorded.id,
    type: recorded.type,
    schemaVersion: storedSchemaVersion(recorded),
    data: recorded.data,
    metadata,
    streamId: recorded.streamId,
    streamPosition: recorded.revision,
    position: encodeKurrentPosition(recorded.position),
    recordedAt: recorded.created,
  };
}

/** An event read from `$all`, or undefined for a system event or one at or before `after`. */
export function decodeVisibleEvent(resolved: AllStreamResolvedEvent, after: Position): RecordedEvent | undefined {
  const recorded = resolved.event;
  if (!recorded || isSystemEventType(recorded.type)) return undefined;
  const event = fromKurrentRecordedEvent(recorded);
  return event.position > after ? event : undefined;
}

/** The first appended event KurrentDB holds differently from what was sent (its idempotency checks ids only). */

export function differingEvent(
  sent: readonly EventToAppend[],
  stored: readonly KurrentRecordedEvent[],
): { eventId: string; reason: string } | undefined {
  for (const [index, event] of sent.entries()) {
    const found = stored[index];
    if (!found || found.id !== event.eventId) {
      return { eventId: event.eventId, reason: 'is not where KurrentDB reported the append' };
    }
    // Compared as JSON, the form the event travelled in (dates became strings, undefined vanished).
    const expected = asJson(toKurrentEventData(event));
    if (found.type !== expected.type || !isDeepStrictEqual(found.data, expected.data) || storedSchemaVersion(found) !== event.schemaVersion) {
      return { eventId: event.eventId, reason: 'is stored with a different payload' };
    }
  }
  return undefined;
}

function asJson(data: EventData): { type: string; data: unknown } {
  return JSON.parse(JSON.stringify({ type: data.type, data: data.data })) as { type: string; data: unknown };
}

/** Events appended by other writers carry no version; read them as the first version. */
function storedSchemaVersion(recorded: KurrentRecordedEvent): number {
  const version = metadataObject(recorded.metadata)[SCHEMA_VERSION_KEY];
  return typeof version === 'number' ? version : 1;
}

function metadataObject(metadata: unknown): StoredMetadata {
  const isObject = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) && !(metadata instanceof Uint8Array);
  return isObject ? (metadata as StoredMetadata) : {};
}
