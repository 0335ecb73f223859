import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { jobLockKey } from '../../projections/runtime/lock-keys';
import type { BackgroundJob } from './background-job';

/** Background jobs in flight; `stop()` aborts them and resolves once each has returned. */
export interface RunningJobs {
  stop(): Promise<void>;
}

/** A standby that gets the lock waits this long (two liveness checks) so the old holder has stopped first. */
const defaultTakeoverDelayMs = 10_000;

/**
 * Run each job under its advisory lock `woodshed:<schema>:job:<name>` (so deployments in other schemas
 * of the database run their own), retrying while another process holds it; a lost
 * lock aborts the job. A standby waits `takeoverDelayMs` holding the lock before starting.
 */
export function runBackgroundJobs(options: {
  jobs: readonly BackgroundJob[];
  sql: SqlClient;
  logger: Logger;
  retryDelayMs?: number;
  takeoverDelayMs?: number;
}): RunningJobs {
  const controller = new AbortController();
  const timing = { retryDelayMs: options.retryDelayMs ?? 5_000, takeoverDelayMs: options.takeoverDelayMs ?? defaultTakeoverDelayMs };
  const loops = options.jobs.map((job) => keepRunning(job, options.sql, options.logger.child({ job: job.name }), timing, controller.signal));
  return {
    async stop() {
      controller.abort();
      await Promise.all(loops);
    },
  };
}

async function keepRunning(
  job: BackgroundJob,
  sql: SqlClient,
  log: Logger,
  timing: { retryDelayMs: number; takeoverDelayMs: number },
  signal: AbortSignal,
): Promise<void> {
  let standingBy = false;
  let lockKey: string | undefined;
  while (!signal.aborted) {
    try {
      lockKey ??= await jobLockKey(sql, job.name);
      const ran = await sql.withAdvisoryLock(
        lockKey,
        async (lock) => {
          const running = AbortSignal.any([signal, lock.signal]);
          if (standingBy) {
            log.info({ takeoverDelayMs: timing.takeoverDelayMs }, 'background job lock taken over; starting after the previous holder has stopped');
            await sleep(timing.takeoverDelayMs, undefined, { signal: running }).catch(() => undefined);
          }
          standingBy = false;
          if (running.aborted) return true;
          log.info('background job started');
          // The lock lives as long as its session: once that connection dies a standby may take
          // over, so the job is stopped as when the process stops.
          await job.run(running);
          if (lock.signal.aborted && !signal.aborted) {
            log.warn({ reason: String(lock.signal.reason) }, 'background job lost its lock; standing by');
            standingBy = true;
          }
          return true;
        },
        { wait: false },
      );
      if (ran === undefined && !standingBy) {
        log.info('background job runs in another process; standing by');
        standingBy = true;
      }
    } catch (error) {
      log.error({ err: error }, 'background job failed; restarting after a pause');
    }
    try {
      await sleep(timing.retryDelayMs, undefined, { signal });
    } catch {
      // Aborted: the loop condition ends it.
    }
  }
}
