import type { TrimmedEvent } from '../postgres/trimmed-log-reader';

/** A trimmed event as a plain object: deep equality does not see a lazily encoded position getter. */
export function plainTrimmedEvent(event: TrimmedEvent): TrimmedEvent {
  return { position: event.position, type: event.type, schemaVersion: event.schemaVersion, data: event.data, metadata: event.metadata };
}
