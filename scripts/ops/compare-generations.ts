import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import type { Generation } from '../../projections/runtime/generations';

export interface ChangedValue {
  column: string;
  before: unknown;
  after: unknown;
}

/** A sample row that differs: its key, and what differs. */
export interface DifferingRow {
  /** The primary key's columns and values, e.g. `{ user_id: 42 }`. */
  key: Record<string, unknown>;
  kind: 'changed' | 'only-before' | 'only-after';
  /** For `changed`, the columns whose values differ; otherwise every compared column of the one side. */
  values: ChangedValue[];
}

/** How one table of the read model differs between the live generation and the rebuilt one. */
export interface TableComparison {
  /** The read model's table (the view's name). */
  table: string;
  rowsBefore: number;
  rowsAfter: number;
  changed: number;
  onlyBefore: number;
  onlyAfter: number;
  /** Columns in both generations (a new version may add or drop some; those are listed apart). */
  compared: string[];
  addedColumns: string[];
  droppedColumns: string[];
  /** Up to `sampleRows` differing rows, in key order. */
  samples: DifferingRow[];
  /** Without a primary key rows cannot be paired: only whole-row counts are given. */
  keyed: boolean;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

function quoted(name: string): string {
  // Catalogue names of our own tables; checked anyway, since they are spliced into SQL.
  if (!identifier.test(name)) throw new Error(`Unexpected identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

async function columnsOf(db: SqlExecutor, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

async function primaryKeyOf(db: SqlExecutor, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT a.attname AS column_name
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
     JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
     WHERE c.relname = $1 AND i.indisprimary
     ORDER BY k.ord`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

async function countRows(db: SqlExecutor, table: string): Promise<number> {
  const { rows } = await db.query<{ count: string | number }>(`SELECT count(*) AS count FROM ${quoted(table)}`);
  return Number(rows[0]!.count);
}

/** The live generation's tables against a rebuilt one's, row by row on the primary key (per user for usage); read-only. */
export async function compareGenerations(
  db: SqlExecutor,
  live: Generation | undefined,
  rebuilt: Generation,
  options: { sampleRows?: number } = {},
): Promise<TableComparison[]> {
  const sampleRows = options.sampleRows ?? 20;
  const comparisons: TableComparison[] = [];
  for (const [table, afterTable] of Object.entries(rebuilt.tables)) {
    const beforeTable = live?.tables[table];
    comparisons.push(await compareTable(db, table, beforeTable, afterTable, sampleRows));
  }
  return comparisons;
}

async function compareTable(
  db: SqlExecutor,
  table: string,
  beforeTable: string | undefined,
  afterTable: string,
  sampleRows: number,
): Promise<TableComparison> {
  const afterColumns = await columnsOf(db, afterTable);
  const beforeColumns = beforeTable ? await columnsOf(db, beforeTable) : [];
  const rowsAfter = await countRows(db, afterTable);
  const rowsBefore = beforeTable ? await countRows(db, beforeTable) : 0;
  const compared = afterColumns.filter((column) => beforeColumns.includes(column));
  const base = {
    table,
    rowsBefore,
    rowsAfter,
    compared,
    addedColumns: beforeTable ? afterColumns.filter((column) => !beforeColumns.includes(column)) : [],
    droppedColumns: beforeColumns.filter((column) => !afterColumns.includes(column)),
  };
  if (!beforeTable) {
    return { ...base, changed: 0, onlyBefore: 0, onlyAfter: rowsAfter, samples: [], keyed: true };
  }
  const key = (await primaryKeyOf(db, afterTable)).filter((column) => compared.includes(column));
  if (key.length === 0) return { ...base, ...(await compareUnkeyed(db, beforeTable, afterTable, compared)), samples: [], keyed: false };

  const on = key.map((column) => `b.${quoted(column)} = a.${quoted(column)}`).join(' AND ');
  const values = compared.filter((column) => !key.includes(column));
  const rowOf = (alias: string) => (values.length === 0 ? 'ROW(true)' : `ROW(${values.map((column) => `${alias}.${quoted(column)}`).join(', ')})`);
  const firstKey = quoted(key[0]!);
  // One pass over the pair of tables: each row is before-only, after-only, changed or the same.
  const kindSql = `CASE WHEN a.${firstKey} IS NULL THEN 'only-before' WHEN b.${firstKey} IS NULL THEN 'only-after' ELSE 'changed' END`;
  const differs = `(a.${firstKey} IS NULL OR b.${firstKey} IS NULL OR ${rowOf('b')} IS DISTINCT FROM ${rowOf('a')})`;
  const from = `${quoted(beforeTable)} b FULL OUTER JOIN ${quoted(afterTable)} a ON ${on}`;
  const { rows: counts } = await db.query<{ kind: DifferingRow['kind']; count: string | number }>(
    `SELECT ${kindSql} AS kind, count(*) AS count FROM ${from} WHERE ${differs} GROUP BY 1`,
  );
  const countOf = (kind: DifferingRow['kind']) => Number(counts.find((row) => row.kind === kind)?.count ?? 0);

  // Values travel as JSON so every column type prints as PostgreSQL would show it, key order kept.
  const json = (alias: string) => `jsonb_build_object(${compared.map((column) => `'${column}', ${alias}.${quoted(column)}`).join(', ')})`;
  const orderBy = key.map((column) => `coalesce(a.${quoted(column)}, b.${quoted(column)})`).join(', ');
  const { rows: samples } = await db.query<{ kind: DifferingRow['kind']; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    `SELECT ${kindSql} AS kind,
            CASE WHEN b.${firstKey} IS NULL THEN NULL ELSE ${json('b')} END AS before,
            CASE WHEN a.${firstKey} IS NULL THEN NULL ELSE ${json('a')} END AS after
     FROM ${from} WHERE ${differs} ORDER BY ${orderBy} LIMIT ${Math.max(0, Math.trunc(sampleRows))}`,
  );
  return {
    ...base,
    changed: countOf('changed'),
    onlyBefore: countOf('only-before'),
    onlyAfter: countOf('only-after'),
    keyed: true,
    samples: samples.map((row) => toDifferingRow(row.kind, parseJson(row.before), parseJson(row.after), key, values)),
  };
}

async function compareUnkeyed(db: SqlExecutor, beforeTable: string, afterTable: string, compared: string[]) {
  const list = compared.map(quoted).join(', ');
  const count = async (left: string, right: string) => {
    const { rows } = await db.query<{ count: string | number }>(
      `SELECT count(*) AS count FROM (SELECT ${list} FROM ${quoted(left)} EXCEPT ALL SELECT ${list} FROM ${quoted(right)}) d`,
    );
    return Number(rows[0]!.count);
  };
  return { changed: 0, onlyBefore: await count(beforeTable, afterTable), onlyAfter: await count(afterTable, beforeTable) };
}

/** `pg` parses jsonb; PGlite may hand it over as text. */
function parseJson(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : (value as Record<string, unknown>);
}

function toDifferingRow(
  kind: DifferingRow['kind'],
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  key: string[],
  values: string[],
): DifferingRow {
  const either = (after ?? before)!;
  const keyValues = Object.fromEntries(key.map((column) => [column, either[column]]));
  if (kind === 'changed') {
    const changed = values
      .filter((column) => JSON.stringify(before![column]) !== JSON.stringify(after![column]))
      .map((column) => ({ column, before: before![column], after: after![column] }));
    return { key: keyValues, kind, values: changed };
  }
  return {
    key: keyValues,
    kind,
    values: values.map((column) => ({ column, before: before?.[column] ?? null, after: after?.[column] ?? null })),
  };
}

/** The comparison as an operator reads it: one summary line per table, then the sample rows. */
export function formatComparison(projection: string, comparisons: readonly TableComparison[]): string {
  const lines: string[] = [];
  for (const c of comparisons) {
    const differing = c.changed + c.onlyBefore + c.onlyAfter;
    lines.push(
      `${projection} / ${c.table}: ${c.rowsBefore} rows live, ${c.rowsAfter} rebuilt; ` +
        (differing === 0 ? 'identical' : `${c.changed} changed, ${c.onlyBefore} only live, ${c.onlyAfter} only rebuilt`) +
        (c.keyed ? '' : ' (no primary key: whole rows compared)'),
    );
    if (c.addedColumns.length > 0) lines.push(`  new columns: ${c.addedColumns.join(', ')}`);
    if (c.droppedColumns.length > 0) lines.push(`  dropped columns: ${c.droppedColumns.join(', ')}`);
    for (const row of c.samples) {
      const key = Object.entries(row.key).map(([column, value]) => `${column}=${String(value)}`).join(' ');
      const label = row.kind === 'changed' ? '' : row.kind === 'only-before' ? ' (only live)' : ' (only rebuilt)';
      const values = row.values.map((value) => `${value.column} ${show(value.before)} -> ${show(value.after)}`).join(', ');
      lines.push(`  ${key}${label}: ${values}`);
    }
    if (c.samples.length < differing) lines.push(`  ... and ${differing - c.samples.length} more`);
  }
  return lines.join('\n');
}

function show(value: unknown): string {
  return value === null || value === undefined ? 'null' : typeof value === 'string' ? value : JSON.stringify(value);
}
