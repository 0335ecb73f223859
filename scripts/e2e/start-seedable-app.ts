// The app as `npm start` runs it, plus test-only seeding routes (NODE_ENV=test only).
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import { createApp, featureRouters } from '../../api/app';
import type { AppDependencies } from '../../api/app-dependencies';
import { seedStreamed } from '../../api/credits/testing/seed-credits';
import { startHttpServer } from '../../api/http/http-server';
import type { AppRouter, AppState } from '../../api/http/app-context';
import { parseInput } from '../../api/http/parse-request';
import { requireUser } from '../../api/http/require-user';
import { createLogger } from '../../api/logging/create-logger';
import { newEvent } from '../../events/catalog';
import { bytesPerCredit } from '../../projections/credits/credit-rules';
import { ensureClientBuilt } from '../app/ensure-client-built';
import { loadConfigOrExit } from '../app/load-config-or-exit';
import { onShutdownSignal } from '../app/on-shutdown-signal';
import { repositoryRoot } from '../app/repository-root';
import { startBackend } from '../app/start-backend';

const usageBody = z.object({ credits: z.number().int().min(1).max(100_000) }).strict();
const purchasingBody = z.object({ enabled: z.boolean() }).strict();

// The app's JSON parser sets request.body; its typing lives with the api folder, not here.
const bodyOf = (ctx: { request: object }): unknown => (ctx.request as { body?: unknown }).body;

function seedingRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/e2e-seed' });
  router.post('/usage', async (ctx) => {
    const user = requireUser(ctx);
    const { credits } = parseInput(usageBody, bodyOf(ctx), 'body');
    await seedStreamed(deps, user.id, credits * bytesPerCredit, deps.clock.now());
    ctx.status = 204;
  });
  router.post('/purchasing', async (ctx) => {
    const user = requireUser(ctx);
    const { enabled } = parseInput(purchasingBody, bodyOf(ctx), 'body');
    const eventId = randomUUID();
    const metadata = { eventId, occurredAt: deps.clock.now().toISOString(), userId: user.id, requestId: eventId, causationId: eventId, correlationId: eventId };
    const event = newEvent(enabled ? 'PurchasingEnabled' : 'PurchasingDisabled', {}, metadata);
    const { position } = await deps.store.append('settings-purchasing', [event], { expectedVersion: 'any' });
    await deps.projections.waitForPosition('purchasing-setting', position, { timeoutMs: 15_000 });
    ctx.status = 204;
  });
  return router;
}

const config = loadConfigOrExit();
if (config.nodeEnv !== 'test') {
  console.error('scripts/e2e/start-seedable-app.ts runs only with NODE_ENV=test: its seeding routes must never reach a real deployment.');
  process.exit(1);
}
const logger = await createLogger({ level: config.logLevel, pretty: false });
// The client is built when stale, as `npm start` does, while the backend starts (each takes seconds,
// mostly on one core); a run builds it once, since an earlier `npm start` of the run leaves it current.
// Nothing listens before both are done.
const [backend] = await Promise.all([startBackend(config, logger, 'browser tests (seedable app)'), ensureClientBuilt({ root: repositoryRoot, logger })]);
const app = createApp({ ...backend.deps, routers: (deps) => [...featureRouters(deps), seedingRouter(deps)] });
const server = await startHttpServer(app, { port: config.port, host: config.host });
logger.info(`seedable Woodshed for browser tests at ${server.url}`);
onShutdownSignal(logger, async () => {
  await server.close();
  await backend.stop();
});
