import { pino } from 'pino';
import type { Logger } from 'pino';
import type { EventStore } from '../../events/store/event-store';
import { type PostgresEventStoreOptions, createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { startProjections } from '../../projections/registry';
import type { ProjectionsHandle } from '../../projections/runtime/projection-host';
import { createApp, featureMiddleware, featureRouters } from '../app';
import type { AppDependencies } from '../app-dependencies';
import type { Clock } from '../clock';
import { composeAppDependencies } from '../compose-app-dependencies';
import { loadConfig } from '../config/env';
import type { Config } from '../config/env';
import type { AppMiddleware, AppRouter } from '../http/app-context';
import { startHttpServer } from '../http/http-server';
import { redactedLogPaths } from '../logging/create-logger';
import { migrateApiTables } from '../storage/api-migrations';

/** The origin test apps believe they are served from (`config.publicUrl`). */
export const testPublicUrl = 'http://woodshed.test';

/** A real app on an ephemeral port over a real store, for integration tests. */
export interface TestApp {
  /** `http://127.0.0.1:<port>` */
  url: string;
  store: EventStore;
  sql: SqlClient;
  projections: ProjectionsHandle;
  config: Config;
  /** Every log line written so far, parsed. */
  logLines(): Array<Record<string, unknown>>;
  /** Stop the server and the projections (the caller closes `sql`). */
  stop(): Promise<void>;
}

export interface StartTestAppOptions {
  sql: SqlClient;
  /** Request-wide feature middleware; default every feature's. */
  middleware?: (deps: AppDependencies) => AppMiddleware[];
  /** Routers to mount; default every feature's. Tests add their own test-only routers here. */
  routers?: (deps: AppDependencies) => AppRouter[];
  clientDistDir?: string;
  config?: Partial<Config>;
  clock?: Clock;
  /** Store tuning and test hooks (e.g. `beforeCommit` to fail an append after its rows were written). */
  storeOptions?: PostgresEventStoreOptions;
  /** Runs after the store exists and before projections start (e.g. to seed the log). */
  beforeProjections?: (store: EventStore) => Promise<void>;
}

/**
 * Build the app the way `npm start` does (Postgres event store, real projections), with logs
 * captured in memory, and listen on 127.0.0.1 with an ephemeral port.
 */
export async function startTestApp(options: StartTestAppOptions): Promise<TestApp> {
  const { sql } = options;
  const store = await createPostgresEventStore(sql, options.storeOptions);
  await migrateApiTables(sql);
  await options.beforeProjections?.(store);
  const projections = await startProjections({ sql, store, pollMs: 100 });
  const lines: string[] = [];
  const logger: Logger = pino({ level: 'debug', redact: { paths: redactedLogPaths, censor: '[redacted]' } }, { write: (line: string) => lines.push(line) });
  const config: Config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: testPublicUrl }), ...options.config };
  const app = createApp({
    ...composeAppDependencies({ config, store, sql, projections, logger, clock: options.clock ?? { now: () => new Date() } }),
    middleware: options.middleware ?? featureMiddleware,
    routers: options.routers ?? featureRouters,
    ...(options.clientDistDir !== undefined && { clientDistDir: options.clientDistDir }),
  });
  // Loopback unless a test asks for another interface (`config.host`), as a LAN-facing server.
  const server = await startHttpServer(app, { port: 0, host: options.config?.host ?? '127.0.0.1' });
  return {
    url: server.url,
    store,
    sql,
    projections,
    config,
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    async stop() {
      await server.close(1_000);
      await projections.stop();
      await store.close();
    },
  };
}
