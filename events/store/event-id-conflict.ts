/**
 * Thrown by `EventStore.append` when an event id is already stored but the append is not a plain
 * retry of it: the id sits in another stream, carries a different payload, or only some of the
 * append's ids are stored.
 */
export class EventIdConflict extends Error {
  override readonly name = 'EventIdConflict';

  constructor(
    readonly streamId: string,
    readonly eventId: string,
    reason: string,
  ) {
    super(`Stream ${streamId}: event ${eventId} ${reason}`);
  }
}
