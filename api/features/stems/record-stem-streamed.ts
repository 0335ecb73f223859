import type { Logger } from 'pino';
import { type DataOf, newEvent } from '../../../events/catalog';
import { EventIdConflict } from '../../../events/store/event-id-conflict';
import type { EventStore, EventToAppend } from '../../../events/store/event-store';
import type { Clock } from '../../clock';
import { type EventSource, requestEventMetadata } from '../../commands/request-event-metadata';

/** The stream a user's metering events go to. */
export function meteringStreamId(userId: number): string {
  return `metering-user-${userId}`;
}

/** Pauses before the second and third attempt of an append. */
export const meteringRetryDelaysMs: readonly number[] = [200, 1_000];

export interface RecordStemStreamedDependencies {
  store: Pick<EventStore, 'append'>;
  clock: Clock;
  log: Logger;
}

/**
 * Append a closed stem response's one StemStreamed event; resolves its position, or null. Retries
 * reuse the event id (a lost acknowledgement is not written twice; the reservation id makes the
 * response and its lapse exclusive). A final failure never throws: it is logged with the whole
 * event, for an operator to append later.
 */
export async function recordStemStreamed(deps: RecordStemStreamedDependencies, request: EventSource, data: DataOf<'StemStreamed'>, eventId?: string): Promise<string | null> {
  const streamId = meteringStreamId(data.userId);
  let event: EventToAppend;
  try {
    const metadata = requestEventMetadata(request, deps.clock, data.userId);
    event = newEvent('StemStreamed', data, eventId === undefined ? metadata : { ...metadata, eventId });
  } catch (error) {
    deps.log.error({ err: error, unmeteredStemStream: { streamId, data } }, 'StemStreamed not recorded: the event is not valid; reconcile by hand');
    return null;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return (await deps.store.append(streamId, [event], { expectedVersion: 'any' })).position;
    } catch (error) {
      if (error instanceof EventIdConflict) {
        // The id is the response's reservation: its lapse was already recorded as spent, or (for
        // the sweep) the response recorded itself after all. Either way it is billed once.
        deps.log.warn({ streamId, eventId: event.eventId, data }, 'StemStreamed not recorded: its reservation is already billed under this id');
        return null;
      }
      const delay = meteringRetryDelaysMs[attempt];
      if (delay === undefined) {
        deps.log.error(
          { err: error, attempts: attempt + 1, unmeteredStemStream: { streamId, event } },
          'StemStreamed not recorded: append failed; reconcile by appending this event to its stream',
        );
        return null;
      }
      deps.log.warn({ err: error, attempt: attempt + 1, streamId, eventId: event.eventId }, 'StemStreamed append failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
