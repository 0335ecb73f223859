/** `npm run worker`: projectors and background jobs without the HTTP API; advisory locks keep one active per job. */
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
