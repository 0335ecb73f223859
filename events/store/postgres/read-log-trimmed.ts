import type { Position } from '../event-store';
import { minWindow, visible, windowEndSql } from './read-log';
import type { SqlExecutor } from './sql-client';
import { decodePosition, encodePosition, positionSql } from './sql-position';
import type { ReadAllTrimmedPage, ReadFields, TrimmedEvent } from './trimmed-log-reader';

/** A page of trimmed events as the server sends it: one text, and the window's end when the page is short. */
interface TrimmedPageRow {
  /** The events' texts (`trimmedEventSql`) joined by `eventSeparatorSql`; null when no event is wanted. */
  events: string | null;
  /** The window's end when the page is short; null when it is full or nothing is visible after it. */
  window_end: Position | null;
  /** With `afterWindow`: the position the page started after; null when the window was not all visible. */
  start_position?: Position | null;
}

/** A comma and a line break between events; no event's text holds a line break (JSON escapes it). */
export const eventSeparatorSql = String.raw`E',\n'`;

/**
 * `readLogPage` for a reader that folds only some fields, sent as one text for one `JSON.parse` (drivers
 * pay per field). The window's end is looked for only on a short page.
 */
export async function readLogPageTrimmed(
  sql: SqlExecutor,
  after: Position,
  max: number,
  types: readonly string[],
  reads: Readonly<Record<string, ReadFields>>,
  afterWindow = false,
): Promise<ReadAllTrimmedPage> {
  const from = decodePosition(after);
  const params: unknown[] = [from.txId, from.globalPosition, Math.max(max, minWindow), types, max];
  const event = trimmedEventSql(reads, types, params);
  const position = positionSql('tx_id', 'global_position');
  // With `afterWindow` the page starts after the window's end of the page at `after`; when fewer
  // entries are visible, `start` is null and `start_position` says so.
  const start = afterWindow ? '(SELECT tx_id, global_position FROM start)' : '($1::xid8, $2::bigint)';
  const startSql = afterWindow
    ? `start AS (SELECT tx_id, global_position FROM events WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
         ORDER BY tx_id, global_position OFFSET $3 - 1 LIMIT 1), `
    : '';
  // One statement, so one snapshot: the window's end and the events up to it agree.
  const { rows } = await sql.query<TrimmedPageRow>(
    `WITH ${startSql}${windowEndSql.replaceAll('($1::xid8, $2::bigint)', start)}
     SELECT string_agg(${event}, ${eventSeparatorSql}) AS events,
       CASE WHEN count(*) < $5 THEN (SELECT ${position} FROM window_end) END AS window_end
       ${afterWindow ? `, (SELECT ${position} FROM start) AS start_position` : ''}
     FROM (SELECT * FROM (SELECT tx_id, global_position, type, schema_version, data, metadata FROM events
             WHERE (tx_id, global_position) > ${start} AND ${visible}
             ORDER BY tx_id, global_position LIMIT $3) AS window_entries
           WHERE type = ANY ($4::text[]) ORDER BY tx_id, global_position LIMIT $5) AS page`,
    params,
  );
  const row = rows[0];
  const text = row?.events ?? null;
  const startedAfter = afterWindow ? (row?.start_position ?? null) : after;
  // A full page may stop short of the window's end: continue after its last event. A short one
  // continues after the window's end, or after where it started when nothing is visible past it.
  const next = text !== null && row?.window_end === null ? lastEventPosition(text) : (row?.window_end ?? startedAfter ?? after);
  let events: TrimmedEvent[] | undefined;
  // Parsed when first read, so the next page can be asked for first.
  return {
    next,
    ...(afterWindow ? { from: startedAfter } : {}),
    get events() {
      events ??= parseTrimmedEvents(text, types, reads);
      return events;
    },
  };
}

/** The position of the page's last event, from the start of its text: `tx_id,global_position,`. */
function lastEventPosition(text: string): Position {
  const last = text.slice(text.lastIndexOf('\n') + 1);
  const match = /^(\d+),(\d+),/.exec(last);
  if (!match) throw new Error(`Not an event of a trimmed page: ${last.slice(0, 100)}`);
  return encodePosition(match[1]!, match[2]!);
}

/**
 * One event as text for `string_agg`: `tx_id,global_position,schema_version,type index (from 1),...fields`,
 * each read field as `[value]` (`0` when absent) or a `neverNull` field's value; other types send data
 * and metadata whole.
 */
export function trimmedEventSql(reads: Readonly<Record<string, ReadFields>>, types: readonly string[], params: unknown[]): string {
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const field = (column: string, name: string, neverNull: readonly string[] | undefined): string =>
    neverNull?.includes(name)
      ? `',' || coalesce((${column} -> ${param(name)}::text)::text, 'null')`
      : `',' || coalesce('[' || (${column} -> ${param(name)}::text)::text || ']', '0')`;
  const cases: string[] = [];
  for (const [type, fields] of Object.entries(reads)) {
    if (!types.includes(type)) continue;
    const when = `WHEN type = ${param(type)}::text AND schema_version = ${param(fields.schemaVersion)}::integer`;
    const slots = [
      ...fields.data.map((name) => field('data', name, fields.neverNull?.data)),
      ...fields.metadata.map((name) => field('metadata', name, fields.neverNull?.metadata)),
    ];
    cases.push(`${when} THEN ${slots.length === 0 ? "''" : slots.join(' || ')}`);
  }
  const whole = `',' || data::text || ',' || metadata::text`;
  const rest = cases.length === 0 ? whole : `CASE ${cases.join(' ')} ELSE ${whole} END`;
  // With one type in the filter its index is 1 for every row: looking it up cost the server about
  // 0.15 µs per event (docs/archive/benchmarks-history-2026.md, "Compiled field checks").
  const typeIndex = types.length === 1 ? `',1'` : `',' || array_position($4::text[], type)`;
  return `tx_id || ',' || global_position || ',' || schema_version || ${typeIndex} || ${rest}`;
}

/**
 * The events of a page from the text of `trimmedEventSql` rows. Throws when they are out of log order
 * (SQL does not promise `string_agg`'s order) or the text does not hold whole events.
 */
export function parseTrimmedEvents(text: string | null, types: readonly string[], reads: Readonly<Record<string, ReadFields>>): TrimmedEvent[] {
  if (text === null) return [];
  const events: TrimmedEvent[] = [];
  const slotsOf = slotKinds(reads);
  // The order is checked on the numbers: a page of 10,000 is parsed while the next ones are read,
  // on the rebuild's critical path, and most readers never ask for an event's position.
  let previousTxId = -1;
  let previousGlobalPosition = -1;
  const values = JSON.parse(`[${text}]`) as unknown[];
  let index = 0;
  while (index < values.length) {
    const txId = values[index] as number;
    const globalPosition = values[index + 1] as number;
    const schemaVersion = values[index + 2] as number;
    const type = types[(values[index + 3] as number) - 1];
    // JSON numbers: exact up to 2^53, which neither a transaction id nor a sequence reaches in practice; refuse rather than round.
    if (!Number.isSafeInteger(txId) || !Number.isSafeInteger(globalPosition)) throw new RangeError(`Log position ${txId}/${globalPosition} is past 2^53`);
    if (type === undefined || typeof schemaVersion !== 'number') throw new Error(`Not an event of a trimmed page at ${txId}/${globalPosition}`);
    if (txId < previousTxId || (txId === previousTxId && globalPosition <= previousGlobalPosition)) {
      throw new Error(`A trimmed page is out of log order at ${encodePosition(txId, globalPosition)}`);
    }
    previousTxId = txId;
    previousGlobalPosition = globalPosition;
    const fields = reads[type];
    const slots = fields && fields.schemaVersion === schemaVersion ? slotsOf.get(type) : undefined;
    const first = index + 4;
    if (fields && slots) {
      const width = fields.data.length + fields.metadata.length;
      if (first + width > values.length) throw new Error(`A trimmed page ends inside the event at ${txId}/${globalPosition}`);
      const data = readFields(values, first, fields.data, slots.data);
      const metadata = readFields(values, first + fields.data.length, fields.metadata, slots.metadata);
      events.push(new PageEvent(txId, globalPosition, type, schemaVersion, data, metadata));
      index = first + width;
    } else {
      if (first + 2 > values.length) throw new Error(`A trimmed page ends inside the event at ${txId}/${globalPosition}`);
      events.push(new PageEvent(txId, globalPosition, type, schemaVersion, values[first], values[first + 1]));
      index = first + 2;
    }
  }
  return events;
}

/** An event of a trimmed page; its position is encoded only when asked for, as most folds never read it. */
class PageEvent implements TrimmedEvent {
  constructor(
    readonly txId: number,
    readonly globalPosition: number,
    readonly type: string,
    readonly schemaVersion: number,
    readonly data: unknown,
    readonly metadata: unknown,
  ) {}

  get position(): Position {
    return encodePosition(this.txId, this.globalPosition);
  }
}

/** Per read type, whether each read field of data and of metadata travels as its value (`neverNull`). */
function slotKinds(reads: Readonly<Record<string, ReadFields>>): Map<string, { data: boolean[]; metadata: boolean[] }> {
  const kinds = new Map<string, { data: boolean[]; metadata: boolean[] }>();
  for (const [type, fields] of Object.entries(reads)) {
    kinds.set(type, {
      data: fields.data.map((name) => fields.neverNull?.data.includes(name) ?? false),
      metadata: fields.metadata.map((name) => fields.neverNull?.metadata.includes(name) ?? false),
    });
  }
  return kinds;
}

/** The read fields from `values`: a `neverNull` field's value (null when absent), others `[value]` or `0`. */
function readFields(values: readonly unknown[], first: number, names: readonly string[], asValue: readonly boolean[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let index = 0; index < names.length; index++) {
    const slot = values[first + index];
    if (asValue[index]) fields[names[index]!] = slot;
    else if (Array.isArray(slot)) fields[names[index]!] = slot[0];
  }
  return fields;
}
