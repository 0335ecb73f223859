import type { GenerationTables } from './runtime/projection-definition';

/** Indexes by name suffix: `{ by_email: 'email' }` is `CREATE INDEX <table>_by_email ON <table> (email)`. */
export type TableIndexes = Readonly<Record<string, string>>;

/** `CREATE TABLE` with the columns given, then its indexes, each named after the table. */
export function createTable(table: string, columns: string, indexes: TableIndexes = {}): string {
  const indexDdl = Object.entries(indexes).map(([suffix, on]) => `CREATE INDEX ${table}_${suffix} ON ${table} (${on});\n`);
  return `CREATE TABLE ${table} (${columns});\n${indexDdl.join('')}`;
}

/** The migration of a read model with one table. */
export function oneTableMigration<Name extends string>(name: Name, columns: string, indexes?: TableIndexes) {
  return (tables: GenerationTables<Name>): string => createTable(tables[name], columns, indexes);
}

/**
 * A synced table, one row per user and song. `position` is the sync checkpoint, in the "C" collation
 * so it compares as the store's positions do.
 */
export function userSongSyncTable(table: string, columns: string): string {
  const syncColumns = `
  user_id integer NOT NULL,
  song_id integer NOT NULL,${columns}
  changed_at timestamptz NOT NULL,
  position text COLLATE "C" NOT NULL,
  PRIMARY KEY (user_id, song_id)
`;
  return createTable(table, syncColumns, { by_user_position: 'user_id, position', by_position: 'position' });
}
