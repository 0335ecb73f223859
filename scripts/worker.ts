/**
 * `npm run worker`: the projectors and background jobs without the HTTP API, for the scale-out
 * deployment. Start as many as you like: advisory locks keep one active instance per projection
 * and per job, the others stand by.
 */
import { describeConfig } from '../api/config/env';
import { createLogger } from '../api/logging/create-logger';
import { loadConfigOrExit } from './app/load-config-or-exit';
import { onShutdownSignal } from './app/on-shutdown-signal';
import { DataDirInUse } from './app/data-dir-lock';
import { startBackend } from './app/start-backend';

const config = loadConfigOrExit();
const logger = await createLogger({ level: config.logLevel, pretty: config.nodeEnv === 'development' && process.stdout.isTTY });
logger.info(describeConfig(config), 'starting the Woodshed worker');

let backend;
try {
  backend = await startBackend(config, logger, 'npm run worker');
} catch (error) {
  if (error instanceof DataDirInUse) logger.fatal(error.message);
  else logger.fatal({ err: error }, 'could not start storage and projections');
  process.exit(1);
}
const running = backend;
logger.info('worker running');

onShutdownSignal(logger, () => running.stop());
