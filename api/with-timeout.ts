/** Thrown by `withTimeout` when the work has not settled in time. */
export class WorkTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'WorkTimeout';
  }
}

/**
 * `work`'s result, or a `WorkTimeout` after `ms`. The work itself is not stopped (a promise cannot
 * be cancelled): the caller stops waiting and goes on, and whatever the work does later is its own.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WorkTimeout(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
