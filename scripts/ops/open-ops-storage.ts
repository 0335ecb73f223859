import type { Config } from '../../api/config/env';
import { type Storage, openStorage } from '../../events/store/open-event-store';
import { LogFromAnotherCluster } from '../../events/store/postgres/log-from-another-cluster';
import { migrateRuntimeSchema } from '../../projections/runtime/runtime-schema';
import { DataDirInUse, lockDataDir } from '../app/data-dir-lock';

/**
 * Open storage for an operator command, from the same environment as the app (WOODSHED_DATA_DIR,
 * DATABASE_URL, DATABASE_SCHEMA, KURRENTDB_URL). In embedded mode the data directory is claimed
 * first; when the app holds it, print why and exit 1 rather than open it twice. A log restored from
 * another cluster (`LogFromAnotherCluster`) is refused the same way, with the command that fixes it:
 * nothing can be read from it until then.
 */
export async function openOpsStorage(config: Config, command: string): Promise<Storage> {
  let release: (() => Promise<void>) | undefined;
  if (config.databaseUrl === undefined) {
    try {
      release = await lockDataDir(config.dataDir, command);
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
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
