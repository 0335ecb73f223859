import { describe, expect, it } from 'vitest';
import { migrationVersions } from '../../events/store/postgres/migrations';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { runtimeMigrations, migrateRuntimeSchema } from './runtime-schema';

for (const client of availableSqlClients()) {
  describe(`runtime tables migrations (${client.name})`, () => {
    it('migrate an empty database to the newest step, once', async () => {
      const sql = await client.open();
      try {
        await migrateRuntimeSchema(sql);
        await migrateRuntimeSchema(sql);
        expect(await migrationVersions(sql, [runtimeMigrations])).toEqual({ 'projection-runtime': runtimeMigrations.migrations.length });
        const { rows } = await sql.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'projection\\_%' ORDER BY table_name`,
        );
        expect(rows.map((row) => row.table_name)).toEqual(['projection_checkpoints', 'projection_dead_letters', 'projection_generations', 'projection_partition_checkpoints', 'projection_position_epoch']);
      } finally {
        await sql.close();
      }
    });

    it('adopt a database of the release before numbered migrations, keeping its rows', async () => {
      const sql = await client.open();
      try {
        // What that release's ensureRuntimeSchema left: the tables, a projection, no ledger.
        await sql.exec(runtimeMigrations.migrations[0]!.sql);
        await sql.query(`INSERT INTO projection_generations (projection, generation, version, state) VALUES ('users', 1, 3, 'live')`);
        await sql.query(`INSERT INTO projection_checkpoints (projection, generation, position) VALUES ('users', 1, 'p42')`);
        expect(await migrationVersions(sql, [runtimeMigrations])).toEqual({ 'projection-runtime': 0 });

        await migrateRuntimeSchema(sql);

        expect(await migrationVersions(sql, [runtimeMigrations])).toEqual({ 'projection-runtime': runtimeMigrations.migrations.length });
        const { rows } = await sql.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE projection = 'users'`);
        expect(rows).toEqual([{ position: 'p42' }]);
      } finally {
        await sql.close();
      }
    });
  });
}
