import type { Config } from '../../api/config/env';
import { type Storage, openStorage } from '../../events/store/open-event-store';
import { LogFromAnotherCluster } from '../../events/store/postgres/log-from-another-cluster';
import { openPgliteSqlClient } from '../../events/store/postgres/pglite-sql-client';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { migrateRuntimeSchema } from '../../projections/runtime/runtime-schema';
import { DataDirInUse, lockDataDir } from '../app/data-dir-lock';

/** On PGlite, hold the data directory for an operator command; exits 1 with the reason when the app holds it. */
async function lockEmbeddedData(config: Config, command: string): Promise<(() => Promise<void>) | undefined> {
  if (config.databaseUrl !== undefined) return undefined;
  try {
    return await lockDataDir(config.dataDir, command);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * The app's database as a plain SQL client, for an operator command that works below the event
 * store (no migrations, no check of the log's cluster); exits 1 when the app holds the data directory.
 * Closing it lets the directory go.
 */
export async function openOpsSql(config: Config, command: string): Promise<SqlClient> {
  const release = await lockEmbeddedData(config, command);
  const sql =
    config.databaseUrl === undefined
      ? await openPgliteSqlClient({ dataDir: config.dataDir })
      : await openPgSqlClient({ connectionString: config.databaseUrl, ...(config.databaseSchema === undefined ? {} : { schema: config.databaseSchema }) });
  return {
    ...sql,
    async close() {
      await sql.close();
      await release?.();
    },
  };
}

/** Open storage for an operator command; exits 1 with the reason when the app holds it or the log is foreign. */
export async function openOpsStorage(config: Config, command: string): Promise<Storage> {
  const release = await lockEmbeddedData(config, command);
  try {
    const storage = await openStorage({
      dataDir: config.dataDir,
      ...(config.databaseUrl !== undefined && { databaseUrl: config.databaseUrl }),
      ...(config.databaseSchema !== undefined && { databaseSchema: config.databaseSchema }),
      ...(config.kurrentdbUrl !== undefined && { kurrentdbUrl: config.kurrentdbUrl }),
    });
    await migrateRuntimeSchema(storage.sql);
    return {
      ...storage,
      async close() {
        await storage.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    if (!(error instanceof LogFromAnotherCluster)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
