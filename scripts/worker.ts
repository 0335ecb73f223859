/**
 * `npm run worker`: the projectors and background jobs without the HTTP API, for the scale-out
 * deployment. Start as many as you like: advisory locks keep one active instance per projection
 * and per job, the others stand by.
 */
import { describeConfig } from '../api/config/env';
import { createLogger } from '../api/logging/create-logger';
import { loadConfigOrExit } from './app/load-config-or-exit';
import { onShutdownSignal } from './app/on-shutdown-signal';
import { startBackend } from './app/start-backend';

const config = loadConfigOrExit();
const logger = await createLogger({ level: config.logLevel, pretty: config.nodeEnv === 'development' && process.stdout.isTTY });
logger.info(describeConfig(config), 'starting the Woodshed worker');
if (config.databaseUrl === undefined) {
  // PGlite is one process's database: a worker beside `npm start` on the same directory would corrupt it.
  logger.warn(`no DATABASE_URL: the worker uses the embedded database in ${config.dataDir}; never run it beside \`npm start\` on that directory`);
}

let backend;
try {
  backend = await startBackend(config, logger);
} catch (error) {
  logger.fatal({ err: error }, 'could not start storage and projections');
  process.exit(1);
}
const running = backend;
logger.info('worker running');

onShutdownSignal(logger, () => running.stop());
