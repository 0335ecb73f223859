import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/store-per-test';
import { availableSqlClients } from '../testing/test-sql-clients';
import { DatabaseIsNewer, type MigrationSet, checkMigrationSet, migrationVersions, runMigrations } from './migrations';
import type { SqlClient } from './sql-client';

const v1: MigrationSet = {
  name: 'things',
  migrations: [{ version: 1, name: 'create-things', sql: 'CREATE TABLE IF NOT EXISTS things (id integer PRIMARY KEY)' }],
};
const v2: MigrationSet = {
  name: 'things',
  migrations: [...v1.migrations, { version: 2, name: 'things-have-names', sql: "ALTER TABLE things ADD COLUMN name text NOT NULL DEFAULT ''" }],
};

async function columnsOf(sql: SqlClient, table: string): Promise<string[]> {
  const { rows } = await sql.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
    [table],
  );
  return rows.map((row) => row.column_name);
}

for (const candidate of availableSqlClients()) {
  describe(`numbered migrations on ${candidate.name}`, () => {
    const opened = storePerTest();

    it('migrates an empty database to the newest version, and running again changes nothing', async () => {
      const sql = await opened.openSql(candidate);
      expect(await migrationVersions(sql, [v2])).toEqual({ things: 0 });
      await runMigrations(sql, [v2]);
      await runMigrations(sql, [v2]);
      expect(await migrationVersions(sql, [v2])).toEqual({ things: 2 });
      expect(await columnsOf(sql, 'things')).toEqual(['id', 'name']);
    });

    it('carries a database at the previous version forward, keeping its rows', async () => {
      const sql = await opened.openSql(candidate);
      await runMigrations(sql, [v1]);
      await sql.query('INSERT INTO things (id) VALUES (7)');
      await runMigrations(sql, [v2]);
      expect((await sql.query('SELECT id, name FROM things')).rows).toEqual([{ id: 7, name: '' }]);
    });

    it('adopts tables an earlier release created without the ledger', async () => {
      const sql = await opened.openSql(candidate);
      await sql.exec('CREATE TABLE things (id integer PRIMARY KEY)');
      await runMigrations(sql, [v2]);
      expect(await columnsOf(sql, 'things')).toEqual(['id', 'name']);
    });

    it('keeps the last complete step when a step fails, and refuses a database newer than the code', async () => {
      const sql = await opened.openSql(candidate);
      const broken: MigrationSet = { name: 'things', migrations: [...v1.migrations, { version: 2, name: 'broken', sql: 'ALTER TABLE nowhere ADD COLUMN x int' }] };
      await expect(runMigrations(sql, [broken])).rejects.toThrow(/nowhere/);
      expect(await migrationVersions(sql, [v1])).toEqual({ things: 1 });
      await runMigrations(sql, [v2]);
      await expect(runMigrations(sql, [v1])).rejects.toBeInstanceOf(DatabaseIsNewer);
    });

    it("replaces a set's routines at every start, with the body of the code that starts", async () => {
      const sql = await opened.openSql(candidate);
      const routine = (answer: number): MigrationSet => ({ ...v2, routines: `CREATE OR REPLACE FUNCTION thing_answer() RETURNS integer LANGUAGE sql AS 'SELECT ${answer}';` });
      await runMigrations(sql, [routine(1)]);
      expect((await sql.query('SELECT thing_answer() AS answer')).rows).toEqual([{ answer: 1 }]);
      await runMigrations(sql, [routine(2)]);
      expect((await sql.query('SELECT thing_answer() AS answer')).rows).toEqual([{ answer: 2 }]);
      expect(await migrationVersions(sql, [v2])).toEqual({ things: 2 });
    });

    it('lets concurrent starts migrate once', async () => {
      const sql = await opened.openSql(candidate);
      const client = sql;
      await Promise.all([runMigrations(client, [v2]), runMigrations(client, [v2]), runMigrations(client, [v2])]);
      const { rows } = await client.query<{ count: string }>("SELECT count(*) AS count FROM schema_migrations WHERE set_name = 'things'");
      expect(rows[0]!.count).toBe('2');
    });
  });
}

describe('migration sets', () => {
  it('must be numbered 1, 2, 3 without gaps', () => {
    expect(() => checkMigrationSet({ name: 'gappy', migrations: [{ version: 2, name: 'two', sql: '' }] })).toThrow(RangeError);
    expect(() => checkMigrationSet(v2)).not.toThrow();
  });
});
