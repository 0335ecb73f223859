import type { EventStore, Position } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { ensureLiveGeneration } from './generations';
import { type LogVisibility, defaultBlockingAfterMs, readLogVisibility } from './log-visibility';
import { PositionWaiter, type WaitForPositionOptions } from './position-waiter';
import type { Projection } from './projection-definition';
import { type ProjectionLogger, silentLogger } from './projection-logger';
import { ProjectionRunner, type RunnerState } from './projection-runner';
import { type ProjectionStatus, readProjectionStatus } from './projection-status';
import { type RebuildOptions, type RebuildOutcome, rebuildProjection } from './rebuild';
import { migrateRuntimeSchema } from './runtime-schema';

export interface StartProjectionsOptions {
  sql: SqlClient;
  store: EventStore;
  logger?: ProjectionLogger;
  /** Events per page and per live batch; default 5,000. */
  pageSize?: number;
  /** Idle, stall and standby checks; default 1,000 ms. */
  pollMs?: number;
  /** How often `waitForPosition` polls the checkpoint table for runners in other processes; default 100 ms. */
  waitPollMs?: number;
  /** How old a transaction must be before `logVisibility` names it as blocking readers; default 10 s. */
  blockingAfterMs?: number;
}

/** A projection's status plus what this process's runner is doing with it. */
export interface HostedProjectionStatus extends ProjectionStatus {
  runner: RunnerState;
}

/** The running projections of one process (the API in embedded mode, or `npm run worker`). */
export interface ProjectionsHandle {
  status(): Promise<HostedProjectionStatus[]>;
  /**
   * Whether readers of the log are held back by an old open transaction (null when the log is
   * not in the SQL database); `blockingAfterMs` overrides the host's threshold.
   */
  logVisibility(options?: { blockingAfterMs?: number }): Promise<LogVisibility | null>;
  /**
   * Resolve once the live generation of `projection` has passed `position` (read-your-writes);
   * rejects with `ProjectionWaitTimeout` after `timeoutMs`.
   */
  waitForPosition(projection: string, position: Position, options: WaitForPositionOptions): Promise<void>;
  /** Rebuild blue/green while the live generation keeps serving. */
  rebuild(projection: string, options?: RebuildOptions): Promise<RebuildOutcome>;
  stop(): Promise<void>;
  /**
   * True once every projection has caught up with the log at least once in this process (a runner
   * on standby, because another process holds its lock, counts as caught up here).
   */
  ready(): boolean;
}

/**
 * Start a runner per projection: migrate the runtime tables, make sure each projection has a live
 * generation (so its views exist before any query), then catch up and follow live in the background.
 */
export async function startProjectionHost(options: StartProjectionsOptions & { projections: readonly Projection[] }): Promise<ProjectionsHandle> {
  const { sql, store } = options;
  const logger = options.logger ?? silentLogger;
  const byName = new Map<string, Projection>();
  for (const projection of options.projections) {
    if (byName.has(projection.name)) throw new Error(`Two projections are named ${projection.name}`);
    byName.set(projection.name, projection);
  }
  await migrateRuntimeSchema(sql);
  for (const projection of byName.values()) await ensureLiveGeneration(sql, projection);

  const waiter = new PositionWaiter(sql, options.waitPollMs === undefined ? {} : { pollMs: options.waitPollMs });
  const rebuilds = new Map<string, Promise<RebuildOutcome>>();
  let stopping = false;

  const rebuild = (name: string, rebuildOptions: RebuildOptions = {}): Promise<RebuildOutcome> => {
    const projection = find(name);
    const running = rebuilds.get(name);
    if (running) return running;
    const started = rebuildProjection(sql, store, projection, {
      ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
      ...rebuildOptions,
      stopped: () => stopping || (rebuildOptions.stopped?.() ?? false),
      onSwapped: (generation, position) => {
        waiter.reached(name, position);
        runners.get(name)?.wake();
        logger.info({ projection: name, generation: generation.generation, position }, 'projection rebuilt and swapped');
        rebuildOptions.onSwapped?.(generation, position);
      },
    }).finally(() => rebuilds.delete(name));
    rebuilds.set(name, started);
    return started;
  };

  const runners = new Map<string, ProjectionRunner>();
  for (const projection of byName.values()) {
    const runner = new ProjectionRunner({
      sql,
      store,
      projection,
      waiter,
      logger,
      ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
      onOutdated: () => {
        if (rebuilds.has(projection.name) || stopping) return;
        logger.info({ projection: projection.name, version: projection.version }, 'rebuilding projection for a new version');
        rebuild(projection.name, { resume: true }).then(
          (outcome) => logger.info({ projection: projection.name, outcome: outcome.kind }, 'projection rebuild ended'),
          (error: unknown) => logger.error({ err: error, projection: projection.name }, 'projection rebuild failed'),
        );
      },
    });
    runners.set(projection.name, runner);
    runner.start();
  }

  function find(name: string): Projection {
    const projection = byName.get(name);
    if (!projection) throw new RangeError(`Unknown projection ${name}; known: ${[...byName.keys()].join(', ')}`);
    return projection;
  }

  return {
    async status() {
      const statuses: HostedProjectionStatus[] = [];
      for (const projection of byName.values()) {
        const status = await readProjectionStatus(sql, store, projection, { localRebuilds: new Set(rebuilds.keys()) });
        statuses.push({ ...status, runner: runners.get(projection.name)!.state });
      }
      return statuses;
    },
    logVisibility(visibilityOptions) {
      return readLogVisibility(sql, store, { blockingAfterMs: visibilityOptions?.blockingAfterMs ?? options.blockingAfterMs ?? defaultBlockingAfterMs });
    },
    waitForPosition(name, position, waitOptions) {
      find(name);
      return waiter.waitFor(name, position, waitOptions);
    },
    rebuild,
    async stop() {
      stopping = true;
      await Promise.allSettled([...rebuilds.values()]);
      await Promise.all([...runners.values()].map((runner) => runner.stop()));
      waiter.close();
    },
    ready() {
      return [...runners.values()].every((runner) => runner.caughtUpOnce || runner.state === 'standby');
    },
  };
}
