import type { OmittedFields, Position, ReadAllTrimmedPage, TrimmedEvent } from '../event-store';
import { minWindow, visible, windowEndSql } from './read-log';
import type { SqlExecutor } from './sql-client';
import { decodePosition, positionSql } from './sql-position';

/** One event of the page as the server packs it: position, type, schema version, data, metadata. */
type PackedEvent = [Position, string, number, unknown, unknown];

/**
 * `readLogPage` with a type filter, for a reader that folds only some fields of each event. The
 * same window and the same events, but the whole page comes back as one JSON text of small arrays
 * (the server leaves the omitted fields out of data and metadata, `jsonb - text[]`, so an absent
 * field stays absent and a null stays null), and nothing else of the event is selected. A rebuild
 * reads every event of the log, and both drivers pay per row and per field (pg parses every field
 * of every row into an object; PGlite copies each field into an ArrayBuffer of its own): one field
 * a page leaves them one `JSON.parse` of a text a third the size. The figures are in
 * docs/benchmarks.md ("Trimmed pages").
 */
export async function readLogPageTrimmed(
  sql: SqlExecutor,
  after: Position,
  max: number,
  types: readonly string[],
  omit: Readonly<Record<string, OmittedFields>>,
): Promise<ReadAllTrimmedPage> {
  const from = decodePosition(after);
  const params: unknown[] = [from.txId, from.globalPosition, Math.max(max, minWindow), types, max];
  const dataCases: string[] = [];
  const metadataCases: string[] = [];
  for (const [type, fields] of Object.entries(omit)) {
    if (!types.includes(type)) continue;
    params.push(type, fields.schemaVersion, fields.data, fields.metadata);
    const last = params.length;
    const when = `WHEN type = $${last - 3} AND schema_version = $${last - 2}`;
    dataCases.push(`${when} THEN data - $${last - 1}::text[]`);
    metadataCases.push(`${when} THEN metadata - $${last}::text[]`);
  }
  const trimmed = (column: string, cases: readonly string[]): string => (cases.length === 0 ? column : `CASE ${cases.join(' ')} ELSE ${column} END`);
  const position = positionSql('tx_id', 'global_position');
  // One statement, so one snapshot: the window's end and the events up to it agree.
  const { rows } = await sql.query<{ events: string | null; window_end: Position | null }>(
    `WITH ${windowEndSql},
     page AS (
       SELECT tx_id, global_position, type, schema_version, ${trimmed('data', dataCases)} AS data, ${trimmed('metadata', metadataCases)} AS metadata
       FROM events
       WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible} AND type = ANY ($4::text[])
         AND (tx_id, global_position) <= (SELECT tx_id, global_position FROM window_end)
       ORDER BY tx_id, global_position LIMIT $5
     )
     SELECT (SELECT json_agg(json_build_array(${position}, type, schema_version, data, metadata) ORDER BY tx_id, global_position) FROM page)::text AS events,
       (SELECT ${position} FROM window_end) AS window_end`,
    params,
  );
  const row = rows[0];
  const packed = row?.events ? (JSON.parse(row.events) as PackedEvent[]) : [];
  const events: TrimmedEvent[] = new Array(packed.length);
  for (let index = 0; index < packed.length; index++) {
    const [eventPosition, type, schemaVersion, data, metadata] = packed[index]!;
    events[index] = { position: eventPosition, type, schemaVersion, data, metadata };
  }
  // A full page may stop short of the window's end: continue after its last event.
  if (events.length === max) return { events, next: events.at(-1)!.position };
  return { events, next: row?.window_end ?? after };
}
