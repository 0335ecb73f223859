import { isTransientDatabaseError } from './transient-database-error';

/** How a write that fails with a transient database error is tried again. */
export interface TransientRetry {
  /** Tries in all, the first included; after the last the error is thrown (never dead-lettered). */
  attempts: number;
  /** Wait before the second try; doubled for each further one (with jitter), up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Told before each wait (for logs). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/** About 12 s of tries in all: long enough for a deadlock, a failover or a restart to pass. */
export const defaultTransientRetry: TransientRetry = { attempts: 8, firstDelayMs: 100, maxDelayMs: 5_000 };

/**
 * Run `work`, retrying transient database errors with exponential backoff. An aborted `signal` cuts
 * the wait short; `work` then runs once more and must notice the abort itself.
 */
export async function withTransientRetry<T>(work: () => Promise<T>, retry: TransientRetry, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= retry.attempts || !isTransientDatabaseError(error)) throw error;
      const ceiling = Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** (attempt - 1));
      const delayMs = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
      retry.onRetry?.(error, attempt, delayMs);
      await pause(delayMs, signal);
    }
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
