import type { SqlClient } from './sql-client';

/** One numbered step of a schema's history. Never edit a released step: add the next one. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The numbered migrations of one owner of tables, with its own version in `schema_migrations`. */
export interface MigrationSet {
  readonly name: string;
  readonly migrations: readonly Migration[];
  /** Functions run after the steps at every start; one two releases may call is named by its body's hash. */
  readonly routines?: string;
}

/** A database migrated by a newer release than the code now running it. */
export class DatabaseIsNewer extends Error {
  override readonly name = 'DatabaseIsNewer';
  constructor(readonly set: string, readonly databaseVersion: number, readonly codeVersion: number) {
    super(
      `The database's "${set}" tables are at version ${databaseVersion}, but this release knows only up to ${codeVersion}. ` +
        'Run the newer release, or restore a backup taken before it migrated.',
    );
  }
}

const ledger = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  set_name text NOT NULL,
  version integer NOT NULL,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (set_name, version)
);
`;

// Advisory locks are per database: named after the schema, schemas of one database migrate side by side.
const migrationLock = `SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':woodshed:schema-migrations'))`;

/** Check that a set's versions run 1, 2, 3, ... (a gap or a repeat is a programming error). */
export function checkMigrationSet(set: MigrationSet): void {
  if (!/^[a-z][a-z0-9-]*$/.test(set.name)) throw new RangeError(`Invalid migration set name ${set.name}`);
  set.migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new RangeError(`Migration set ${set.name}: step ${index + 1} is numbered ${migration.version}`);
    }
  });
}

/** Each missing step commits with its record; processes are serialised by a schema-scoped advisory lock. */
export async function runMigrations(sql: SqlClient, sets: readonly MigrationSet[]): Promise<void> {
  for (const set of sets) checkMigrationSet(set);
  for (const set of sets) {
    for (;;) {
      const applied = await sql.transaction(async (tx) => {
        await tx.query(migrationLock);
        await tx.exec(ledger);
        const { rows } = await tx.query<{ version: number | null }>(
          'SELECT max(version) AS version FROM schema_migrations WHERE set_name = $1',
          [set.name],
        );
        const current = rows[0]?.version ?? 0;
        if (current > set.migrations.length) throw new DatabaseIsNewer(set.name, current, set.migrations.length);
        const next = set.migrations[current];
        if (next === undefined) return false;
        await tx.exec(next.sql);
        await tx.query('INSERT INTO schema_migrations (set_name, version, name) VALUES ($1, $2, $3)', [set.name, next.version, next.name]);
        return true;
      });
      if (!applied) break;
    }
    const routines = set.routines;
    if (routines !== undefined) {
      await sql.transaction(async (tx) => {
        await tx.query(migrationLock);
        await tx.exec(routines);
      });
    }
  }
}

export async function migrationVersions(sql: SqlClient, sets: readonly MigrationSet[]): Promise<Record<string, number>> {
  const { rows: ledgers } = await sql.query<{ found: string | null }>(`SELECT to_regclass('schema_migrations')::text AS found`);
  if (ledgers[0]?.found == null) return Object.fromEntries(sets.map((set) => [set.name, 0]));
  const { rows } = await sql.query<{ set_name: string; version: number }>(
    'SELECT set_name, max(version) AS version FROM schema_migrations GROUP BY set_name',
  );
  const found = new Map(rows.map((row) => [row.set_name, Number(row.version)]));
  return Object.fromEntries(sets.map((set) => [set.name, found.get(set.name) ?? 0]));
}
