import Router from '@koa/router';
import type { AppDependencies } from '../app-dependencies';
import type { AppRouter, AppState } from '../http/app-context';
import { withTimeout } from '../with-timeout';

const storeTimeoutMs = 2_000;

/** One projection as the health check shows it; dead-letter details stay in the admin tools. */
export interface ProjectionHealth {
  projection: string;
  state: string;
  runner: string;
  lag: number;
  deadLetters: number;
}

/** A transaction holding back every reader of the log (see projections/runtime/log-visibility.ts). */
export interface BlockedReadersHealth {
  /** Events committed but not yet visible to readers. */
  invisibleEvents: number;
  /** The blocking transaction's server process (`pg_terminate_backend(pid)` ends it) and age. */
  blockingTransaction: { pid: number; ageSeconds: number; state: string | null };
}

/**
 * The health check's answer: 200 when everything is ready, 503 naming what is not. `degraded` (still
 * 200) when an old open transaction holds back every reader of the log: read models stop moving
 * although appends succeed. Every instance shares that database, so taking this one out of the load
 * balancer would not help; an operator must end the transaction (docs/operations.md).
 */
export interface HealthBody {
  status: 'ok' | 'degraded' | 'unavailable';
  /** The event store adapter (`pglite`, `postgres`, `kurrentdb`). */
  store: string;
  /** Empty when the status could not be read (the database does not answer). */
  projections: ProjectionHealth[];
  /** Present on 503: the parts that are not ready. */
  notReady?: Array<'store' | 'database' | 'projections'>;
  /** Present when a transaction older than the threshold holds readers back. */
  blockedReaders?: BlockedReadersHealth;
}

export interface HealthOptions {
  /** How old a transaction must be before it counts as blocking readers; default 10 s. */
  blockingAfterMs?: number;
}

/**
 * `GET /api/health` for load balancers and start-up scripts: 200 only when the event store answers
 * and every projection has caught up; otherwise 503, so no traffic reaches an instance that would
 * answer from stale read models.
 */
export function healthRouter(deps: Pick<AppDependencies, 'store' | 'projections'>, options: HealthOptions = {}): AppRouter {
  const router = new Router<AppState>({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    const notReady: Array<'store' | 'database' | 'projections'> = [];
    try {
      await withTimeout(deps.store.headPosition(), storeTimeoutMs);
    } catch (error) {
      ctx.state.log.warn({ err: error }, 'health check: the event store does not answer');
      notReady.push('store');
    }
    let projections: ProjectionHealth[] = [];
    try {
      projections = (await withTimeout(deps.projections.status(), storeTimeoutMs)).map((status) => ({
        projection: status.projection,
        state: status.state,
        runner: status.runner,
        lag: status.lag,
        deadLetters: status.deadLetters.count,
      }));
    } catch (error) {
      // The read-model database (the same one as the log, except with KurrentDB) does not answer.
      ctx.state.log.warn({ err: error }, 'health check: projection status unavailable');
      notReady.push('database');
    }
    if (!deps.projections.ready()) notReady.push('projections');
    let blockedReaders: BlockedReadersHealth | undefined;
    if (!notReady.includes('database')) {
      try {
        const visibility = await withTimeout(
          deps.projections.logVisibility(options.blockingAfterMs === undefined ? {} : { blockingAfterMs: options.blockingAfterMs }),
          storeTimeoutMs,
        );
        const blocker = visibility?.blockingTransaction;
        if (visibility && blocker) {
          blockedReaders = { invisibleEvents: visibility.invisibleEvents, blockingTransaction: { pid: blocker.pid, ageSeconds: blocker.ageSeconds, state: blocker.state } };
          ctx.state.log.warn({ blockedReaders }, 'health check: an open transaction holds back every reader of the log');
        }
      } catch (error) {
        ctx.state.log.warn({ err: error }, 'health check: log visibility unavailable');
      }
    }

    const body: HealthBody = {
      status: notReady.length > 0 ? 'unavailable' : blockedReaders ? 'degraded' : 'ok',
      store: deps.store.kind,
      projections,
      ...(notReady.length > 0 && { notReady }),
      ...(blockedReaders && { blockedReaders }),
    };
    ctx.status = notReady.length === 0 ? 200 : 503;
    ctx.body = body;
  });
  return router;
}
