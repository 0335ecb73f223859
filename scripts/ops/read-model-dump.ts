import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';

/** One read model's table as text: its columns in order (`name type`) and every row as JSON, sorted. */
export interface TableDump {
  columns: string[];
  rows: string[];
}

/** What the dumped read models were folded from: the log's size, last position and a digest of every event. */
export interface LogFingerprint {
  events: number;
  lastPosition: string | null;
  digest: string | null;
}

export interface ReadModelDump {
  /** By the read model's table name (the view over its live generation). */
  tables: Record<string, TableDump>;
  /** Null when the log is not in this database (KurrentDB). */
  log: LogFingerprint | null;
}

export interface TableDifference {
  table: string;
  status: 'same' | 'differs' | 'only-before' | 'only-after';
  columnsBefore: string[];
  columnsAfter: string[];
  /** Rows (as JSON, keys sorted) found on one side more often than on the other. */
  onlyBefore: string[];
  onlyAfter: string[];
}

const identifier = /^[a-z_][a-z0-9_]*$/;

function quoted(name: string): string {
  // Names read from the catalogue, spliced into SQL: checked all the same.
  if (!identifier.test(name)) throw new Error(`Unexpected identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/**
 * The read models of the current schema: every view, since each read model's table is a view over
 * its live generation (`<name>_g<generation>`). The log, the projection registry and the app's own
 * state (sessions, outboxes, checkout, rate limits) are tables, so they are left out.
 */
export async function readModelTables(db: SqlExecutor): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`SELECT viewname AS name FROM pg_views WHERE schemaname = current_schema() ORDER BY viewname`);
  return rows.map((row) => row.name);
}

async function dumpTable(db: SqlExecutor, table: string): Promise<TableDump> {
  const columns = await db.query<{ column: string }>(
    `SELECT a.attname || ' ' || format_type(a.atttypid, a.atttypmod) AS column
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attnum`,
    [table],
  );
  // jsonb writes keys in one fixed order, so a row's text depends on its values only, not on column order.
  const { rows } = await db.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${quoted(table)} t`);
  return { columns: columns.rows.map((row) => row.column), rows: rows.map((row) => row.row).sort(compareText) };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function fingerprintLog(db: SqlExecutor): Promise<LogFingerprint | null> {
  const { rows: tables } = await db.query(`SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'events'`);
  if (tables.length === 0) return null;
  const { rows } = await db.query<{ events: string | number; last: string | null; digest: string | null }>(
    `SELECT count(*) AS events, max(global_position)::text AS last,
       md5(string_agg(concat_ws(' ', global_position, stream_id, stream_position, event_id, type, schema_version, data::text, metadata::text), E'\\n' ORDER BY global_position)) AS digest
     FROM events`,
  );
  return { events: Number(rows[0]!.events), lastPosition: rows[0]!.last, digest: rows[0]!.digest };
}

/**
 * Every read model's rows and the log's fingerprint, from one snapshot, timestamps in UTC; read-only.
 * `log: false` leaves the fingerprint out (null): it is one text of the whole log, which PostgreSQL
 * cannot build past 1 GB (about 2 million events).
 */
export async function dumpReadModels(sql: SqlClient, options: { log?: boolean } = {}): Promise<ReadModelDump> {
  return sql.transaction(async (tx) => {
    await tx.exec(`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL TimeZone = 'UTC'`);
    const tables: Record<string, TableDump> = {};
    for (const table of await readModelTables(tx)) tables[table] = await dumpTable(tx, table);
    return { tables, log: options.log === false ? null : await fingerprintLog(tx) };
  });
}

const logFile = '_log.txt';
const columnsPrefix = 'columns: ';

/** One file per table (`<table>.txt`: a columns line, then the rows) and `_log.txt`, so `diff -r` of two dumps reads well. */
export async function writeDump(directory: string, dump: ReadModelDump): Promise<void> {
  await mkdir(directory, { recursive: true });
  const stale = (await readdir(directory)).filter((file) => file.endsWith('.txt'));
  if (stale.length > 0) throw new Error(`${directory} already holds a dump (${stale.length} files); give an empty directory`);
  for (const [table, { columns, rows }] of Object.entries(dump.tables)) {
    await writeFile(path.join(directory, `${table}.txt`), [`${columnsPrefix}${columns.join(', ')}`, ...rows, ''].join('\n'));
  }
  await writeFile(path.join(directory, logFile), `${JSON.stringify(dump.log)}\n`);
}

export async function readDump(directory: string): Promise<ReadModelDump> {
  const tables: Record<string, TableDump> = {};
  let log: LogFingerprint | null = null;
  for (const file of (await readdir(directory)).sort()) {
    if (!file.endsWith('.txt')) continue;
    const text = await readFile(path.join(directory, file), 'utf8');
    if (file === logFile) {
      log = JSON.parse(text) as LogFingerprint | null;
      continue;
    }
    const [header = '', ...rows] = text.split('\n').filter((line) => line !== '');
    if (!header.startsWith(columnsPrefix)) throw new Error(`${file} is not a table dump: its first line is not "${columnsPrefix}..."`);
    tables[file.slice(0, -'.txt'.length)] = { columns: header.slice(columnsPrefix.length).split(', '), rows };
  }
  return { tables, log };
}

/** Rows of `a` not matched by a row of `b`, counting repeats (tables without a primary key may hold equal rows). */
function rowsMissingFrom(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const row of b) left.set(row, (left.get(row) ?? 0) + 1);
  const missing: string[] = [];
  for (const row of a) {
    const count = left.get(row) ?? 0;
    if (count === 0) missing.push(row);
    else left.set(row, count - 1);
  }
  return missing;
}

/** Table by table: the same rows and columns, or what differs (rows compared by value, whatever their column order). */
export function compareDumps(before: ReadModelDump, after: ReadModelDump): TableDifference[] {
  const tables = [...new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])].sort();
  return tables.map((table) => {
    const a = before.tables[table];
    const b = after.tables[table];
    const onlyBefore = rowsMissingFrom(a?.rows ?? [], b?.rows ?? []);
    const onlyAfter = rowsMissingFrom(b?.rows ?? [], a?.rows ?? []);
    const sameColumns = a !== undefined && b !== undefined && [...a.columns].sort().join() === [...b.columns].sort().join();
    const status = !a ? 'only-after' : !b ? 'only-before' : sameColumns && onlyBefore.length === 0 && onlyAfter.length === 0 ? 'same' : 'differs';
    return { table, status, columnsBefore: a?.columns ?? [], columnsAfter: b?.columns ?? [], onlyBefore, onlyAfter };
  });
}

/** A report for a person: one line per table, then for each difference the columns and up to `sampleRows` rows per side. */
export function formatDifferences(differences: readonly TableDifference[], sampleRows = 5): string {
  const lines = differences.map((d) => {
    const rows = Math.max(d.onlyBefore.length, d.onlyAfter.length) > 0 ? ` (${d.onlyBefore.length} rows only before, ${d.onlyAfter.length} only after)` : '';
    const order = d.status === 'same' && d.columnsBefore.join() !== d.columnsAfter.join() ? ' (the columns are in another order)' : '';
    return `${d.table}: ${d.status}${rows}${order}`;
  });
  for (const d of differences.filter((difference) => difference.status === 'differs')) {
    lines.push('', `== ${d.table}`);
    const dropped = d.columnsBefore.filter((column) => !d.columnsAfter.includes(column));
    const added = d.columnsAfter.filter((column) => !d.columnsBefore.includes(column));
    if (dropped.length > 0) lines.push(`columns only before: ${dropped.join(', ')}`);
    if (added.length > 0) lines.push(`columns only after: ${added.join(', ')}`);
    for (const row of d.onlyBefore.slice(0, sampleRows)) lines.push(`- ${row}`);
    for (const row of d.onlyAfter.slice(0, sampleRows)) lines.push(`+ ${row}`);
  }
  return lines.join('\n');
}

/** Whether two dumps were folded from the same log (both fingerprints known and equal). */
export function sameLog(before: ReadModelDump, after: ReadModelDump): boolean {
  return before.log !== null && after.log !== null && JSON.stringify(before.log) === JSON.stringify(after.log);
}
