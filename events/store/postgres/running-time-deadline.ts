/** How a promise raced against a deadline of running time ended. */
export type DeadlineOutcome<T> = { kind: 'settled'; value: T } | { kind: 'failed'; error: unknown } | { kind: 'timed-out' };

/**
 * Whether `work` settles within `ms` of running time (time the event loop turned). After a stall, Node
 * runs expired timers before reading sockets, so a plain timer would beat a reply that already arrived;
 * here the deadline is counted in short ticks, and a late tick counts as one.
 */
export function settlesWithinRunningTime<T>(work: Promise<T>, ms: number): Promise<DeadlineOutcome<T>> {
  const tickMs = Math.max(5, Math.min(250, ms / 20));
  return new Promise((resolve) => {
    let counted = 0;
    let last = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const settle = (outcome: DeadlineOutcome<T>): void => {
      clearTimeout(timer);
      resolve(outcome);
    };
    work.then(
      (value) => settle({ kind: 'settled', value }),
      (error: unknown) => settle({ kind: 'failed', error }),
    );
    const tick = (): void => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      if (elapsed > 2 * tickMs) {
        counted += tickMs;
      } else {
        counted += elapsed;
        if (counted >= ms) return settle({ kind: 'timed-out' });
      }
      timer = setTimeout(tick, tickMs).unref();
    };
    timer = setTimeout(tick, tickMs).unref();
  });
}
