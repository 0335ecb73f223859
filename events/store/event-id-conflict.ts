/** Thrown by `append` when a stored event id is reused by something other than a plain retry. */
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
