import { randomUUID } from 'node:crypto';
import { newEvent } from '../../events/catalog';
import type { AppendResult, EventStore, EventToAppend } from '../../events/store/event-store';

/** What a test says about one settled stem response. */
export interface StreamedGiven {
  userId: number;
  bytesSent: number;
  occurredAt?: string;
  filename?: string;
  songId?: number;
}

/** A StemStreamed event (current schema version) as a stem response would append it. */
export function stemStreamed(given: StreamedGiven): EventToAppend {
  const eventId = randomUUID();
  return newEvent(
    'StemStreamed',
    {
      userId: given.userId,
      songId: given.songId ?? 1,
      filename: given.filename ?? 'bass.mp3',
      bytesSent: given.bytesSent,
      range: null,
      aborted: false,
    },
    {
      eventId,
      occurredAt: given.occurredAt ?? new Date().toISOString(),
      userId: given.userId,
      requestId: `request-${eventId}`,
      causationId: `request-${eventId}`,
      correlationId: `request-${eventId}`,
    },
  );
}

/** Append the given streams, one stream per user; returns the last append (the highest position). */
export async function appendStreamed(store: EventStore, given: readonly StreamedGiven[]): Promise<AppendResult> {
  let last: AppendResult | undefined;
  const byUser = new Map<number, StreamedGiven[]>();
  for (const item of given) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
  for (const [userId, items] of byUser) {
    last = await store.append(`metering-user-${userId}`, items.map(stemStreamed), { expectedVersion: 'any' });
  }
  if (!last) throw new RangeError('Nothing to append');
  return last;
}
