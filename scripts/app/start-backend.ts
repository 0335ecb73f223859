import type { Logger } from 'pino';
import type { AppDependencies } from '../../api/app-dependencies';
import { systemClock } from '../../api/clock';
import type { Config } from '../../api/config/env';
import { features } from '../../api/features';
import { runBackgroundJobs } from '../../api/jobs/run-background-jobs';
import { openStorage } from '../../events/store/open-event-store';
import { startProjections } from '../../projections/registry';

/** Storage, projectors and background jobs: what `npm start` and `npm run worker` both run. */
export interface Backend {
  deps: AppDependencies;
  /** Stop jobs, then projectors, then close storage. */
  stop(): Promise<void>;
}

/**
 * Open the storage the configuration names, start every projection (one active instance each,
 * through advisory locks) and every feature's background jobs. On a failure half-way, whatever was
 * started is stopped again before the error is rethrown.
 */
export async function startBackend(config: Config, logger: Logger): Promise<Backend> {
  const storage = await openStorage({
    dataDir: config.dataDir,
    ...(config.databaseUrl !== undefined && { databaseUrl: config.databaseUrl }),
    ...(config.databaseSchema !== undefined && { databaseSchema: config.databaseSchema }),
    ...(config.kurrentdbUrl !== undefined && { kurrentdbUrl: config.kurrentdbUrl }),
  });
  logger.info({ store: storage.store.kind, readModels: storage.sql.kind }, 'storage open');
  let projections;
  try {
    projections = await startProjections({ sql: storage.sql, store: storage.store, logger: logger.child({ part: 'projections' }) });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const deps: AppDependencies = { config, store: storage.store, sql: storage.sql, projections, logger, clock: systemClock };
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
    },
  };
}
