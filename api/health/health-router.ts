import Router from '@koa/router';
import type { AppDependencies } from '../app-dependencies';
import type { AppContext, AppRouter, AppState } from '../http/app-context';
import { withTimeout } from '../with-timeout';
import { type BlockedReadersHealth, blockedReadersOf } from './blocked-readers';
import { mayReadHealthDetail } from './health-detail-access';
import { HealthPulse, type PulseReading } from './health-pulse';
import { stalledProjections } from './stalled-projections';

/** One projection as the health check's detail shows it; dead-letter details stay in the admin tools. */
export interface ProjectionHealth {
  projection: string;
  state: string;
  runner: string;
  lag: number;
  deadLetters: number;
}

/** A transaction holding back every reader of the log (see projections/runtime/log-visibility.ts). */

export type HealthPart = 'store' | 'database' | 'projections';

/** What everyone gets: the status alone (the HTTP status says the same for load balancers). */
export interface PublicHealthBody {
  status: 'ok' | 'degraded' | 'unavailable';
}

/**
 * The detail, for an admin or a HEALTH_DETAIL_TOKEN bearer (decision 0052). `degraded` (still 200)
 * when a part is slow or an old transaction holds back the log's readers: every instance shares that
 * database, so leaving the load balancer would not help (docs/operations.md).
 */
export interface HealthBody extends PublicHealthBody {
  /** The event store adapter (`pglite`, `postgres`, `kurrentdb`). */
  store: string;
  /** Empty when the status could not be read (the database does not answer, or not in time). */
  projections: ProjectionHealth[];
  /** Present on 503: the parts that are not ready. */
  notReady?: HealthPart[];
  /** Parts that did not answer in time but answered a moment ago: busy, not down. */
  slow?: HealthPart[];
  /** Projections stopped on an open dead letter (`npm run replay -- <name> --retry|--skip`). */
  stalled?: string[];
  /** Present when a transaction older than the threshold holds readers back. */
  blockedReaders?: BlockedReadersHealth;
}

export interface HealthOptions {
  /** How old a transaction must be before it counts as blocking readers; default 10 s. */
  blockingAfterMs?: number;
  /** How long a health check waits for each part's answer; default 1 s. */
  waitMs?: number;
  /** How long a part may go without answering before it counts as down; default 15 s. */
  unresponsiveAfterMs?: number;
}

const defaultWaitMs = 1_000;
const defaultUnresponsiveAfterMs = 15_000;
const detailWaitMs = 5_000;

/** GET /api/health/live: 200 while the process serves at all. GET /api/health: readiness, `ok`/`degraded` (200) or 503; detail only for operators. */
export function healthRouter(deps: Pick<AppDependencies, 'store' | 'projections' | 'sql' | 'config'>, options: HealthOptions = {}): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/health' });
  const pulseOptions = { waitMs: options.waitMs ?? defaultWaitMs, unresponsiveAfterMs: options.unresponsiveAfterMs ?? defaultUnresponsiveAfterMs };
  const storePulse = new HealthPulse(() => deps.store.headPosition(), pulseOptions);
  const databasePulse = new HealthPulse(() => stalledProjections(deps.sql), pulseOptions);

  router.get('/live', (ctx) => {
    ctx.body = { status: 'ok' } satisfies PublicHealthBody;
  });

  router.get('/', async (ctx) => {
    const [store, database] = await Promise.all([storePulse.read(), databasePulse.read()]);
    logDown(ctx, 'the event store', store);
    logDown(ctx, 'the database', database);
    const stalled = database.state === 'ok' ? database.value : database.state === 'slow' ? database.lastValue : [];
    const notReady: HealthPart[] = [];
    if (store.state === 'down') notReady.push('store');
    if (database.state === 'down') notReady.push('database');
    // With the database gone, nobody can tell whether the read models are current.
    if (database.state === 'down' || stalled.length > 0 || !deps.projections.ready()) notReady.push('projections');
    const slow = (['store', 'database'] as const).filter((part) => (part === 'store' ? store : database).state === 'slow');
    const blockedReaders = database.state === 'ok' ? await readBlockedReaders(deps, ctx, options, pulseOptions.waitMs) : undefined;

    const status: PublicHealthBody['status'] = notReady.length > 0 ? 'unavailable' : slow.length > 0 || blockedReaders ? 'degraded' : 'ok';
    ctx.status = notReady.length === 0 ? 200 : 503;
    if (!mayReadHealthDetail(ctx, deps.config)) {
      ctx.body = { status } satisfies PublicHealthBody;
      return;
    }
    const body: HealthBody = {
      status,
      store: deps.store.kind,
      projections: database.state === 'ok' ? await readProjections(deps, ctx) : [],
      ...(notReady.length > 0 && { notReady }),
      ...(slow.length > 0 && { slow }),
      ...(stalled.length > 0 && { stalled }),
      ...(blockedReaders && { blockedReaders }),
    };
    ctx.body = body;
  });
  return router;
}

function logDown(ctx: AppContext, part: string, reading: PulseReading<unknown>): void {
  if (reading.state === 'down') ctx.state.log.warn({ err: reading.error }, `health check: ${part} does not answer`);
  else if (reading.state === 'slow') ctx.state.log.info(`health check: ${part} is slow to answer`);
}

async function readProjections(deps: Pick<AppDependencies, 'projections'>, ctx: AppContext): Promise<ProjectionHealth[]> {
  try {
    return (await withTimeout(deps.projections.status(), detailWaitMs)).map((status) => ({
      projection: status.projection,
      state: status.state,
      runner: status.runner,
      lag: status.lag,
      deadLetters: status.deadLetters.count,
    }));
  } catch (error) {
    ctx.state.log.warn({ err: error }, 'health check: projection status unavailable');
    return [];
  }
}

async function readBlockedReaders(
  deps: Pick<AppDependencies, 'projections'>,
  ctx: AppContext,
  options: HealthOptions,
  waitMs: number,
): Promise<BlockedReadersHealth | undefined> {
  try {
    const visibility = await withTimeout(
      deps.projections.logVisibility(options.blockingAfterMs === undefined ? {} : { blockingAfterMs: options.blockingAfterMs }),
      waitMs,
    );
    const blockedReaders = visibility ? blockedReadersOf(visibility) : undefined;
    if (!blockedReaders) return undefined;
    ctx.state.log.warn({ blockedReaders }, 'health check: an open transaction holds back every reader of the log');
    return blockedReaders;
  } catch (error) {
    ctx.state.log.warn({ err: error }, 'health check: log visibility unavailable');
    return undefined;
  }
}
