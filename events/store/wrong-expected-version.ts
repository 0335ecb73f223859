import type { ExpectedVersion } from './event-store';

/** Thrown by `EventStore.append` when the stream is not in the state the writer expected. */
export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** The stream's actual last revision, or `undefined` when the stream does not exist. */
    readonly actual: bigint | undefined,
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${actual === undefined ? 'no stream' : String(actual)}`);
  }
}
