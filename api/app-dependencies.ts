import type { Logger } from 'pino';
import type { EventStore } from '../events/store/event-store';
import type { SqlClient } from '../events/store/postgres/sql-client';
import type { ProjectionsHandle } from '../projections/runtime/projection-host';
import type { Clock } from './clock';
import type { Config } from './config/env';

/** Everything a feature's routes and jobs may use; injected so tests build the app on a real store. */
export interface AppDependencies {
  config: Config;
  store: EventStore;
  sql: SqlClient;
  /** The projections running in this process: readiness, status, read-your-writes waits. */
  projections: ProjectionsHandle;
  logger: Logger;
  clock: Clock;
}
