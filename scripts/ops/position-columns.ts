import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/** A column of a table of this schema that stores log positions. */
export interface PositionColumn {
  table: string;
  column: string;
}

/** Every text `position` / `*_position` column of this schema, from the catalog, so new read models are rebased. */
export async function findPositionColumns(db: SqlExecutor): Promise<PositionColumn[]> {
  const { rows } = await db.query<PositionColumn>(
    `SELECT c.table_name AS table, c.column_name AS column
     FROM information_schema.columns AS c
     JOIN information_schema.tables AS t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.data_type = 'text'
       AND (c.column_name = 'position' OR c.column_name LIKE '%\\_position')
     ORDER BY c.table_name, c.column_name`,
  );
  return rows;
}
