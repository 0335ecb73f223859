import type { Config } from '../../api/config/env';
import { type Storage, openStorage } from '../../events/store/open-event-store';
import { LogFromAnotherCluster } from '../../events/store/postgres/log-from-another-cluster';
import { migrateRuntimeSchema } from '../../projections/runtime/runtime-schema';
import { DataDirInUse, lockDataDir } from '../app/data-dir-lock';

/** Open storage for an operator command; exits 1 with the reason when the app holds it or the log is foreign. */
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
