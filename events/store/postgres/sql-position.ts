import { START, type Position } from '../event-store';

/**
 * An event's place in the PostgreSQL log: transaction id, then sequence number. Readers see only
 * transactions below xmin, so new rows always sort after what was seen.
 */
export interface SqlPosition {
  txId: string;
  globalPosition: string;
}

// Both parts are zero-padded to the width of an unsigned 64-bit number, so plain string comparison
// of two positions orders them like the (tx_id, global_position) pair.
const width = 20;

/** Characters in an encoded position: two padded numbers and the slash. */
export const positionLength = 2 * width + 1;

export function encodePosition(txId: string | bigint | number, globalPosition: string | bigint | number): Position {
  return `${String(txId).padStart(width, '0')}/${String(globalPosition).padStart(width, '0')}`;
}

/** The same encoding in SQL, over the expressions `txId` and `globalPosition`. */
export function positionSql(txId: string, globalPosition: string): string {
  return `lpad(${txId}::text, ${width}, '0') || '/' || lpad(${globalPosition}::text, ${width}, '0')`;
}

/** The position as query parameters; START becomes (0, 0), before every row. */
export function decodePosition(position: Position): SqlPosition {
  if (position === START) return { txId: '0', globalPosition: '0' };
  const match = /^(\d{20})\/(\d{20})$/.exec(position);
  if (!match) throw new RangeError(`Not a position of this event store: ${position}`);
  return { txId: BigInt(match[1]!).toString(), globalPosition: BigInt(match[2]!).toString() };
}
