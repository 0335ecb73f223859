import type { TrimmedEvent } from '../postgres/trimmed-log-reader';

/**
 * What a reader sees of a trimmed event, as a plain object to compare: a store may make an
 * event's position only when it is asked for (a getter, which deep equality does not see).
 */
export function plainTrimmedEvent(event: TrimmedEvent): TrimmedEvent {
  return { position: event.position, type: event.type, schemaVersion: event.schemaVersion, data: event.data, metadata: event.metadata };
}
