import { START, type Position } from '../event-store';

/**
 * Where an event sits in the PostgreSQL log: its transaction id, then its sequence number. Readers
 * only see transactions below the snapshot's xmin, so new rows always sort after everything
 * already seen, even when an older transaction drew a higher sequence number.
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

/**
 * The same encoding computed by PostgreSQL, so a page of the log arrives with its positions made:
 * one text column instead of two numbers to parse and pad per event. `txId` and `globalPosition`
 * are SQL expressions.
 */
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
