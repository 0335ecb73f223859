import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/** Every row of a table or view as JSON text, sorted: equal dumps mean identical tables. */
export async function dumpTable(sql: SqlExecutor, table: string): Promise<string[]> {
  const { rows } = await sql.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
  return rows.map((row) => row.row).sort();
}
