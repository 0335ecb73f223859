import { setTimeout as sleep } from 'node:timers/promises';
import type { BackgroundJob } from './background-job';

/**
 * A job that runs `pass` again and again, `intervalMs` apart, until its stop signal aborts. A pass
 * that throws ends the run (the job runner restarts it after a pause), unless it catches its own.
 */
export function periodicJob(name: string, intervalMs: number, pass: (signal: AbortSignal) => Promise<unknown>): BackgroundJob {
  return {
    name,
    async run(signal) {
      while (!signal.aborted) {
        await pass(signal);
        // Rejects at once when the stop came during the pass (an abort listener added then never fires).
        await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
      }
    },
  };
}
