import type { EventStore, Position } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { ensureLiveGeneration } from './generations';
import { type LogVisibility, defaultBlockingAfterMs, readLogVisibility } from './log-visibility';
import { PositionWaiter, type WaitForPositionOptions } from './position-waiter';
import type { Projection } from './projection-definition';
import { type ProjectionLogger, silentLogger } from './projection-logger';
import { LiveGenerations } from './live-generations';
import { ProjectionRunner, type RunnerState, defaultRunnerPollMs } from './projection-runner';
import { type ProjectionStatus, readProjectionStatus } from './projection-status';
import { type RebuildOptions, type RebuildOutcome, rebuildProjection } from './rebuild';
import { migrateRuntimeSchema } from './runtime-schema';

export interface StartProjectionsOptions {
  sql: SqlClient;
  store: EventStore;
  logger?: ProjectionLogger;
  pageSize?: number;
  pollMs?: number;
  waitPollMs?: number;
  blockingAfterMs?: number;
}

/** A projection's status plus what this process's runner is doing with it. */
export interface HostedProjectionStatus extends ProjectionStatus {
  runner: RunnerState;
}

/** The running projections of one process (the API in embedded mode, or `npm run worker`). */
export interface ProjectionsHandle {
  status(): Promise<HostedProjectionStatus[]>;
  logVisibility(options?: { blockingAfterMs?: number }): Promise<LogVisibility | null>;
  /** Read-your-writes; rejects with `ProjectionWaitTimeout`. */
  waitForPosition(projection: string, position: Position, options: WaitForPositionOptions): Promise<void>;
  rebuild(projection: string, options?: RebuildOptions): Promise<RebuildOutcome>;
  stop(): Promise<void>;
  /** Every projection caught up once in this process (a standby runner counts as caught up). */
  ready(): boolean;
}

/** A runner per projection, each with a live generation (views) before any query, catching up in the background. */

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
  const liveGenerations = new LiveGenerations(sql, { maxAgeMs: options.pollMs ?? defaultRunnerPollMs });
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
        liveGenerations.forget();
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
      liveGenerations,
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
