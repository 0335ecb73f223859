import type { Logger } from 'pino';
import type { EventStore } from '../events/store/event-store';
import type { SqlClient } from '../events/store/postgres/sql-client';
import type { ProjectionsHandle } from '../projections/runtime/projection-host';
import type { Clock } from './clock';
import type { Config } from './config/env';
import type { AuthKeys } from './features/auth/auth-keys';
import type { SessionCache } from './features/auth/session-cache';
import type { SongScanner } from './features/songs/song-scan';

/** Everything a feature's routes and jobs may use; injected so tests build the app on a real store. */
export interface AppDependencies {
  config: Config;
  store: EventStore;
  sql: SqlClient;
  /** The projections running in this process: readiness, status, read-your-writes waits. */
  projections: ProjectionsHandle;
  logger: Logger;
  clock: Clock;
  /** What the app keeps from one request to the next, made once where it is composed (compose-app-dependencies.ts). */
  caches: AppCaches;
}

/**
 * One app's state that outlives a request. Made once per app and passed in, so two apps in one
 * process (the tests, the benches) never share an entry, and a reader sees where each lives.
 */
export interface AppCaches {
  /** Sign-in's keys, derived from the auth secret once. */
  authKeys: AuthKeys;
  /** Sessions found lately: filled by the session middleware, emptied by a sign-out. */
  sessions: SessionCache;
  /** The one song scanner: the start-up scan and POST /api/songs/scan share its progress. */
  songScanner: SongScanner;
}
