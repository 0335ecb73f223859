import type { Logger } from 'pino';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import type { Clock } from '../../clock';
import type { BackgroundJob } from '../../jobs/background-job';
import { periodicJob } from '../../jobs/periodic-job';
import { pruneRateLimitWindows } from '../../rate-limits/prune-rate-limit-windows';
import { deleteInBatches } from '../../storage/delete-in-batches';
import { utcDay } from './sign-in-challenges';

/** Rows one sweep removed, per table. */
export interface SignInSweepCounts {
  signInRequests: number;
  signInChallenges: number;
  signInFailures: number;
  sessions: number;
  rateLimitWindows: number;
}

export interface SignInSweepOptions {
  sql: SqlClient;
  clock: Clock;
  logger: Logger;
  /** Pause between sweeps; default 10 minutes. */
  intervalMs?: number;
  /** Rows per DELETE; default 1,000. */
  batchSize?: number;
}

/** The sweep job, plus one sweep for callers that drive it themselves (tests, CLI). */
export interface SignInSweepJob extends BackgroundJob {
  sweep(signal?: AbortSignal): Promise<SignInSweepCounts>;
}

// A code request counts against its address for an hour (recordCodeRequest).
const codeRequestWindowMs = 60 * 60_000;

/**
 * `sign-in-sweep`: removes code requests, challenges, failure counters, sessions and rate-limit
 * counters that can no longer matter, for addresses that never come back. Bounded batches that
 * re-check expiry on the row deleted, so locks stay short and a renewed row survives.
 */
export function createSignInSweepJob(options: SignInSweepOptions): SignInSweepJob {
  const { sql, clock } = options;
  const log = options.logger.child({ job: 'sign-in-sweep' });
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  const batchSize = options.batchSize ?? 1_000;

  const removeBatches = (statement: string, param: unknown, signal?: AbortSignal) =>
    deleteInBatches(batchSize, async (limit) => (await sql.query(statement, [param, limit])).rowCount, signal);
  /** Rows of `table` that are `expired` ($1 is `param`), a batch at a time by their `key` columns. */
  const removeExpired = (table: string, key: string, expired: string, param: unknown, signal?: AbortSignal) =>
    removeBatches(`DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${expired} LIMIT $2) AND ${expired}`, param, signal);

  async function sweep(signal?: AbortSignal): Promise<SignInSweepCounts> {
    const now = clock.now();
    const counts: SignInSweepCounts = {
      // No key to select by: ctid is safe here because these rows are only inserted and deleted.
      signInRequests: await removeBatches(
        `DELETE FROM sign_in_requests WHERE ctid = ANY(ARRAY(
           SELECT ctid FROM sign_in_requests WHERE requested_at <= $1 LIMIT $2
         )) AND requested_at <= $1`,
        new Date(now.getTime() - codeRequestWindowMs),
        signal,
      ),
      signInChallenges: await removeExpired('sign_in_challenges', 'email', 'expires_at <= $1', now, signal),
      signInFailures: await removeExpired('sign_in_failures', 'email, day', 'day < $1::date', utcDay(now), signal),
      sessions: await removeExpired('sessions', 'token_hash', 'expires_at <= $1', now, signal),
      rateLimitWindows: await pruneRateLimitWindows(sql, { now, batchSize, ...(signal !== undefined && { signal }) }),
    };
    // Counts only: the rows hold addresses, which stay out of the logs.
    log.info({ removed: counts }, 'sign-in sweep done');
    return counts;
  }

  return { ...periodicJob('sign-in-sweep', intervalMs, sweep), sweep };
}
