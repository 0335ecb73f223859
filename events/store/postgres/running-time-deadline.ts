/** How a promise raced against a deadline of running time ended. */
export type DeadlineOutcome<T> = { kind: 'settled'; value: T } | { kind: 'failed'; error: unknown } | { kind: 'timed-out' };

/**
 * Whether `work` settles within `ms` of this process's running time: time during which its event
 * loop turned. A plain timer cannot tell a late answer from a stalled loop: after a stall (a long
 * synchronous fold, a collection, a starved CPU) Node runs the expired timers before it reads the
 * sockets, so a reply that arrived during the stall lost the race to a timer that fired after it.
 * Here the deadline is counted in short ticks; a tick that comes late counts as one tick and never
 * ends the wait, so the loop reads its sockets before the deadline can pass.
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
