import { START as KURRENT_START } from '@kurrent/kurrentdb-client';
import type { Position as KurrentPosition, ReadPosition } from '@kurrent/kurrentdb-client';
import { START } from '../event-store';
import type { Position } from '../event-store';

// Positions are unsigned 64-bit (at most 20 digits): padding both coordinates to 20 digits makes string
// comparison agree with KurrentDB's order.
const DIGITS = 20;
const MAX_COORDINATE = 2n ** 64n - 1n;
const ENCODED = /^(\d{20})\/(\d{20})$/;

/** Encodes a KurrentDB `{commit, prepare}` position as our opaque, string-ordered `Position`. */
export function encodeKurrentPosition({ commit, prepare }: KurrentPosition): Position {
  return `${coordinate(commit)}/${coordinate(prepare)}`;
}

/** Decodes a position made by `encodeKurrentPosition`. `START` is not a KurrentDB position. */
export function decodeKurrentPosition(position: Position): KurrentPosition {
  const match = ENCODED.exec(position);
  if (!match) throw new RangeError(`Not a KurrentDB position: '${position}'`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

/** Where a KurrentDB read or subscription of `$all` begins for our `after` position. */
export function toKurrentReadPosition(after: Position): ReadPosition {
  return after === START ? KURRENT_START : decodeKurrentPosition(after);
}

function coordinate(value: bigint): string {
  if (value < 0n || value > MAX_COORDINATE) throw new RangeError(`KurrentDB position out of range: ${value}`);
  return value.toString().padStart(DIGITS, '0');
}
