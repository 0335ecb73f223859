import type { OmittedFields, Position, ReadAllTrimmedPage, TrimmedEvent } from '../event-store';
import { minWindow, visible, windowEndSql } from './read-log';
import type { SqlExecutor } from './sql-client';
import { decodePosition, positionLength, positionSql } from './sql-position';

/** A trimmed event row: "<position> <schema version> <type>" packed in one text, and the two trimmed documents. */
export interface TrimmedEventRow {
  envelope: string;
  data: unknown;
  metadata: unknown;
}

/**
 * `readLogPage` with a type filter, for a reader that folds only some fields of each event: the
 * same window and the same events, three fields each. The server leaves the omitted fields out of
 * data and metadata (`jsonb - text[]`, so an absent field stays absent and a null stays null) and
 * packs position, schema version and type in one text; stream, revision, id and time are not
 * selected. A rebuild reads every event of the log, and both the server (turning each jsonb
 * document into text) and the drivers (pg parses every field of every row; PGlite copies each into
 * an ArrayBuffer of its own) pay per field and per byte. Aggregating the page into one JSON text
 * on the server instead cost it several times more than it saved the driver. The figures are in
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
  const columns = trimmedColumnsSql(omit, types, params);
  // One statement, so one snapshot: the window's end and the events up to it agree. The one row
  // without data carries the window's end (its envelope is just the position).
  const { rows } = await sql.query<TrimmedEventRow>(
    `WITH ${windowEndSql}
     (SELECT ${columns} FROM events
      WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible} AND type = ANY ($4::text[])
        AND (tx_id, global_position) <= (SELECT tx_id, global_position FROM window_end)
      ORDER BY tx_id, global_position LIMIT $5)
     UNION ALL
     SELECT ${positionSql('tx_id', 'global_position')}, NULL, NULL FROM window_end`,
    params,
  );
  let end: Position | undefined;
  const events: TrimmedEvent[] = [];
  for (const row of rows) {
    if (row.envelope.length === positionLength) end = row.envelope;
    else events.push(toTrimmedEvent(row));
  }
  // A full page may stop short of the window's end: continue after its last event.
  if (events.length === max) return { events, next: events.at(-1)!.position };
  return { events, next: end ?? after };
}

/**
 * The select list of a trimmed event row: the envelope, and `data` and `metadata` less the omitted
 * keys when the row is of a type of `omit` (among `types`) at its schema version, else whole. Type
 * names, versions and keys go in as parameters, appended to `params`.
 */
export function trimmedColumnsSql(omit: Readonly<Record<string, OmittedFields>>, types: readonly string[], params: unknown[]): string {
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
  return `${positionSql('tx_id', 'global_position')} || ' ' || schema_version || ' ' || type AS envelope,
    ${trimmed('data', dataCases)} AS data, ${trimmed('metadata', metadataCases)} AS metadata`;
}

export function toTrimmedEvent(row: TrimmedEventRow): TrimmedEvent {
  const { envelope } = row;
  const afterSchemaVersion = envelope.indexOf(' ', positionLength + 1);
  return {
    position: envelope.slice(0, positionLength),
    type: envelope.slice(afterSchemaVersion + 1),
    schemaVersion: Number(envelope.slice(positionLength + 1, afterSchemaVersion)),
    data: row.data,
    metadata: row.metadata,
  };
}
