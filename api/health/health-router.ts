import Router from '@koa/router';
import type { AppDependencies } from '../app-dependencies';
import type { AppRouter, AppState } from '../http/app-context';

const storeTimeoutMs = 2_000;

/** One projection as the health check shows it; dead-letter details stay in the admin tools. */
export interface ProjectionHealth {
  projection: string;
  state: string;
  runner: string;
  lag: number;
  deadLetters: number;
}

/** The health check's answer: 200 when everything is ready, 503 naming what is not. */
export interface HealthBody {
  status: 'ok' | 'unavailable';
  /** The event store adapter (`pglite`, `postgres`, `kurrentdb`). */
  store: string;
  /** Empty when the status could not be read (the database does not answer). */
  projections: ProjectionHealth[];
  /** Present on 503: the parts that are not ready. */
  notReady?: Array<'store' | 'database' | 'projections'>;
}

/**
 * `GET /api/health` for load balancers and start-up scripts: 200 only when the event store answers
 * and every projection has caught up; otherwise 503, so no traffic reaches an instance that would
 * answer from stale read models.
 */
export function healthRouter(deps: Pick<AppDependencies, 'store' | 'projections'>): AppRouter {
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

    const body: HealthBody = {
      status: notReady.length === 0 ? 'ok' : 'unavailable',
      store: deps.store.kind,
      projections,
      ...(notReady.length > 0 && { notReady }),
    };
    ctx.status = notReady.length === 0 ? 200 : 503;
    ctx.body = body;
  });
  return router;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
