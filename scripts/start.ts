/** `npm start`: the whole app in one process: client build when stale, storage, projectors, jobs, API. */
// First: V8's settings for a stem server, before any of the app's code is loaded (decision 0049).
import './app/tune-v8-heap';
import { createApp } from '../api/app';
import { describeConfig } from '../api/config/env';
import { noAdminsMessage } from '../api/features/auth/admin-policy';
import { startHttpServer } from '../api/http/http-server';
import { createLogger } from '../api/logging/create-logger';
import { ensureClientBuilt } from './app/ensure-client-built';
import { loadConfigOrExit } from './app/load-config-or-exit';
import { onShutdownSignal } from './app/on-shutdown-signal';
import { prepareSongLibrary } from './app/prepare-song-library';
import { repositoryRoot } from './app/repository-root';
import { startBackendOrExit } from './app/start-backend';

const config = loadConfigOrExit();
const logger = await createLogger({ level: config.logLevel, pretty: config.nodeEnv === 'development' && process.stdout.isTTY });
logger.info(describeConfig(config), 'starting Woodshed');
// Admins come from ADMIN_EMAILS only (decision 0056): a first run says how to become one.
if (config.adminEmails.length === 0) logger.warn(noAdminsMessage);

try {
  await ensureClientBuilt({ root: repositoryRoot, logger });
} catch (error) {
  logger.fatal({ err: error }, 'the client does not build');
  process.exit(1);
}

const backend = await startBackendOrExit(config, logger, 'npm start');

const app = createApp(backend.deps);
let server;
try {
  server = await startHttpServer(app, { port: config.port, host: config.host, idleConnectionsOnClose: config.trustedProxies > 0 ? 'leave-to-proxy' : 'close' });
} catch (error) {
  logger.fatal({ err: error }, `could not listen on ${config.host}:${config.port}`);
  await backend.stop();
  process.exit(1);
}
logger.info(`Woodshed is running at ${config.publicUrl} (listening on ${server.url})`);
// In the background: the app answers while the demo library is made and the songs are scanned.
prepareSongLibrary(backend.deps, logger).catch((error: unknown) => logger.error({ err: error }, 'the song library could not be prepared'));

onShutdownSignal(logger, async () => {
  await server.close();
  await backend.stop();
});
