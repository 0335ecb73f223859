import { START, type ReadAllOptions, type ReadAllPage, type SubscribeOptions, type Subscription } from './event-store';

/** What a catch-up subscription needs from an adapter. */
export interface CatchUpSource {
  /**
   * `atHead`: nothing is left to read now. `fresh`: woken by the poll, so the read must be new (not
   * another subscription's earlier read).
   */
  readAll(options: ReadAllOptions & { fresh?: boolean }): Promise<ReadAllPage & { atHead?: boolean }>;
  /** Call `wake` whenever new events may be visible; returns the function that stops it. */
  onAppended(wake: () => void): () => void;
  /**
   * Read again after this long without a wake-up (a missed notification only delays); without it the
   * source polls for its subscribers itself, through `onAppended`'s wake-ups.
   */
  pollIntervalMs?: number;
}

/**
 * Read pages from `after` until the head, report `onCaughtUp` once, then wait for a wake-up or the poll
 * interval. Positions only move forward, so going live neither skips nor repeats. Empty filtered pages
 * are not delivered; a failing read or handler ends the subscription through `done`.
 */
export function startCatchUpSubscription(source: CatchUpSource, options: SubscribeOptions): Subscription {
  let stopped = false;
  let wakes = 0;
  // Moves only once a page's events were handled (or it had none of the types wanted).
  let position = options.after ?? START;
  let interrupt: (() => void) | undefined;
  const stopWaking = source.onAppended(() => {
    wakes += 1;
    interrupt?.();
  });

  const subscription: Subscription = {
    get done() {
      return done;
    },
    get position() {
      return position;
    },
    async stop() {
      stopped = true;
      interrupt?.();
      // A call from inside `onEvents` must not be awaited there (the contract says so); telling it apart
      // would need AsyncLocalStorage, whose hooks would slow every promise.
      await done.catch(() => undefined);
    },
  };

  const run = async (): Promise<void> => {
    let caughtUp = false;
    let polled = false;
    while (!stopped) {
      const wakesBefore = wakes;
      const page = await source.readAll({ after: position, max: options.batchSize ?? 500, ...(options.types ? { types: options.types } : {}), ...(polled ? { fresh: true } : {}) });
      polled = false;
      if (stopped) return;
      if (page.events.length > 0) {
        await options.onEvents(page.events, page.next);
      }
      const progressed = page.next !== position;
      position = page.next;
      // At the head, another read would only confirm it: wait for the next append's wake-up.
      if (progressed && page.atHead !== true) continue;
      if (!caughtUp) {
        caughtUp = true;
        options.onCaughtUp?.(position);
      }
      if (wakes !== wakesBefore || stopped) continue;
      await new Promise<void>((resolve) => {
        const { pollIntervalMs } = source;
        const timer =
          pollIntervalMs === undefined
            ? undefined
            : setTimeout(() => {
                polled = true;
                resolve();
              }, pollIntervalMs);
        interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interrupt = undefined;
    }
  };

  const done = run().finally(stopWaking);
  // `done` is the caller's to observe; this keeps an unobserved failure from crashing the process.
  done.catch(() => undefined);

  return subscription;
}
