import { ANY, NO_STREAM, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import type { AppendStreamState, CurrentStreamState } from '@kurrent/kurrentdb-client';
import type { ExpectedVersion } from '../event-store';

/** Our expected version as the stream state KurrentDB checks before an append. */
export function toKurrentStreamState(expected: ExpectedVersion): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'exists':
      return STREAM_EXISTS;
    default:
      if (expected < 0n) throw new RangeError(`Expected version must be a revision >= 0, got ${expected}`);
      return expected;
  }
}

/** The actual last revision KurrentDB reported, or `undefined` when the stream does not exist. */
export function fromKurrentStreamState(current: CurrentStreamState): bigint | undefined {
  // Negative revisions are KurrentDB's markers for a missing (-1) or deleted (-5, -6) stream.
  return current === NO_STREAM || current < 0n ? undefined : current;
}
