import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import type { BackgroundJob } from './background-job';

/** Background jobs in flight; `stop()` aborts them and resolves once each has returned. */
export interface RunningJobs {
  stop(): Promise<void>;
}

/**
 * Run each job under its advisory lock `job:<name>`: when another process holds the lock, try
 * again every `retryDelayMs`, so a standby takes over when the active instance stops or dies. A job
 * whose lock session is lost is aborted like a stopping one, then stands by like the others.
 */
export function runBackgroundJobs(options: {
  jobs: readonly BackgroundJob[];
  sql: SqlClient;
  logger: Logger;
  retryDelayMs?: number;
}): RunningJobs {
  const controller = new AbortController();
  const retryDelayMs = options.retryDelayMs ?? 5_000;
  const loops = options.jobs.map((job) => keepRunning(job, options.sql, options.logger.child({ job: job.name }), retryDelayMs, controller.signal));
  return {
    async stop() {
      controller.abort();
      await Promise.all(loops);
    },
  };
}

async function keepRunning(job: BackgroundJob, sql: SqlClient, log: Logger, retryDelayMs: number, signal: AbortSignal): Promise<void> {
  let waitingLogged = false;
  while (!signal.aborted) {
    try {
      const ran = await sql.withAdvisoryLock(
        `job:${job.name}`,
        async (lock) => {
          waitingLogged = false;
          log.info('background job started');
          // The lock lives as long as its session: once that connection dies a standby may take
          // over at once, so the job is stopped as when the process stops.
          await job.run(AbortSignal.any([signal, lock.signal]));
          if (lock.signal.aborted && !signal.aborted) log.warn({ reason: String(lock.signal.reason) }, 'background job lost its lock; standing by');
          return true;
        },
        { wait: false },
      );
      if (ran === undefined && !waitingLogged) {
        log.info('background job runs in another process; standing by');
        waitingLogged = true;
      }
    } catch (error) {
      log.error({ err: error }, 'background job failed; restarting after a pause');
    }
    try {
      await sleep(retryDelayMs, undefined, { signal });
    } catch {
      // Aborted: the loop condition ends it.
    }
  }
}
