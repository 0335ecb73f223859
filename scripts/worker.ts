/**
 * `npm run worker`: the projectors and background jobs without the HTTP API, for the scale-out
 * deployment. Start as many as you like: advisory locks keep one active instance per projection
 * and per job, the others stand by.
 */
import { describeConfig } from '../api/config/env';
import { createLogger } from '../api/logging/create-logger';
import { loadConfigOrExit } from './app/load-config-or-exit';
import { onShutdownSignal } from './app/on-shutdown-signal';
import { startBackendOrExit } from './app/start-backend';

const config = loadConfigOrExit();
const logger = await createLogger({ level: config.logLevel, pretty: config.nodeEnv === 'development' && process.stdout.isTTY });
logger.info(describeConfig(config), 'starting the Woodshed worker');

const backend = await startBackendOrExit(config, logger, 'npm run worker');
logger.info('worker running');

onShutdownSignal(logger, () => backend.stop());
