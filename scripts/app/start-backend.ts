import type { Logger } from 'pino';
import type { AppDependencies } from '../../api/app-dependencies';
import { systemClock } from '../../api/clock';
import { composeAppDependencies } from '../../api/compose-app-dependencies';
import type { Config } from '../../api/config/env';
import { features } from '../../api/features';
import { runBackgroundJobs } from '../../api/jobs/run-background-jobs';
import { migrateApiTables } from '../../api/storage/api-migrations';
import { openStorage } from '../../events/store/open-event-store';
import { startProjections } from '../../projections/registry';
import { DataDirInUse, lockDataDir } from './data-dir-lock';

/** Storage, projectors and background jobs: what `npm start` and `npm run worker` both run. */
export interface Backend {
  deps: AppDependencies;
  /** Stop jobs, then projectors, then close storage. */
  stop(): Promise<void>;
}

/** Open storage and start projections and jobs; on failure, stop what started. `label` names the lock owner. */
export async function startBackend(config: Config, logger: Logger, label: string): Promise<Backend> {
  // PGlite is one process's database: a second process on the same directory would corrupt it.
  const release = config.databaseUrl === undefined ? await lockDataDir(config.dataDir, label) : undefined;
  let storage;
  try {
    storage = await openStorage({
      dataDir: config.dataDir,
      ...(config.databaseUrl !== undefined && { databaseUrl: config.databaseUrl }),
      ...(config.databaseSchema !== undefined && { databaseSchema: config.databaseSchema }),
      ...(config.kurrentdbUrl !== undefined && { kurrentdbUrl: config.kurrentdbUrl }),
      pgliteInWorker: true,
    });
  } catch (error) {
    await release?.();
    throw error;
  }
  logger.info({ store: storage.store.kind, readModels: storage.sql.kind }, 'storage open');
  let projections;
  try {
    // The API's own tables (sessions, outbox, rate limits) are migrated before anything uses them.
    await migrateApiTables(storage.sql);
    projections = await startProjections({ sql: storage.sql, store: storage.store, logger: logger.child({ part: 'projections' }) });
  } catch (error) {
    await storage.close();
    await release?.();
    throw error;
  }
  const deps = composeAppDependencies({ config, store: storage.store, sql: storage.sql, projections, logger, clock: systemClock });
  const jobs = runBackgroundJobs({
    jobs: features.flatMap((feature) => feature.jobs?.(deps) ?? []),
    sql: storage.sql,
    logger: logger.child({ part: 'jobs' }),
  });
  return {
    deps,
    async stop() {
      await jobs.stop();
      await projections.stop();
      await storage.close();
      await release?.();
    },
  };
}

/** `startBackend` for a command's entry point: a failure is logged as fatal and the process exits with 1. */
export async function startBackendOrExit(config: Config, logger: Logger, label: string): Promise<Backend> {
  try {
    return await startBackend(config, logger, label);
  } catch (error) {
    if (error instanceof DataDirInUse) logger.fatal(error.message);
    else logger.fatal({ err: error }, 'could not start storage and projections');
    process.exit(1);
  }
}
