import type { AllStreamResolvedEvent, KurrentDBClient } from '@kurrent/kurrentdb-client';
import { START } from '../event-store';
import type { RecordedEvent, SubscribeOptions, Subscription } from '../event-store';
import { decodeVisibleEvent } from './kurrentdb-event-codec';
import { kurrentEventFilter } from './kurrentdb-event-filter';
import { toKurrentReadPosition } from './kurrentdb-position';

const DEFAULT_BATCH_SIZE = 500;

/** A catch-up subscription to `$all`, one batch at a time: the paused stream lets gRPC flow control hold back. */
export function subscribeToKurrentDb(client: KurrentDBClient, options: SubscribeOptions): Subscription {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  const after = options.after ?? START;
  const stream = client.subscribeToAll(
    { fromPosition: toKurrentReadPosition(after), filter: kurrentEventFilter(options.types) },
    { highWaterMark: batchSize },
  );

  let lastPosition = after;
  let stopped = false;
  let ended = false;
  let failure: unknown;
  // `caughtUp` may arrive while earlier events are still buffered: `historyLeft` counts them down so
  // `onCaughtUp` comes right after the last. A later `caughtUp` is not reported again.
  let historyLeft: number | undefined;
  let caughtUpSeen = false;
  let signalled = false;
  let wake: (() => void) | undefined;

  const signal = () => {
    signalled = true;
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const nextSignal = () =>
    signalled
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          wake = resolve;
        });

  stream.on('readable', signal);
  stream.on('caughtUp', () => {
    if (!caughtUpSeen) {
      caughtUpSeen = true;
      historyLeft = stream.readableLength;
    }
    signal();
  });
  stream.on('error', (error: Error) => {
    failure ??= error;
    signal();
  });
  stream.on('end', () => {
    ended = true;
    signal();
  });

  function takeBatch(): RecordedEvent[] {
    const batch: RecordedEvent[] = [];
    while (batch.length < batchSize && historyLeft !== 0) {
      const resolved = stream.read() as AllStreamResolvedEvent | null;
      if (resolved === null) break;
      if (historyLeft !== undefined) historyLeft--;
      const event = decodeVisibleEvent(resolved, batch.at(-1)?.position ?? lastPosition);
      if (event) batch.push(event);
    }
    return batch;
  }

  async function run(): Promise<void> {
    try {
      while (!stopped) {
        if (failure !== undefined) throw failure;
        signalled = false;
        const batch = takeBatch();
        if (batch.length > 0) {
          const next = batch[batch.length - 1].position;
          await options.onEvents(batch, next);
          lastPosition = next;
          if (stopped) break;
        }
        if (historyLeft === 0) {
          historyLeft = undefined;
          options.onCaughtUp?.(lastPosition);
        } else if (batch.length === 0) {
          if (ended) throw new Error('KurrentDB ended the $all subscription');
          await nextSignal();
        }
      }
    } finally {
      // Fails only when the gRPC stream was never created, which `failure` already reports.
      await stream.unsubscribe().catch(() => undefined);
    }
  }

  const subscription: Subscription = {
    get done() {
      return done;
    },
    async stop() {
      stopped = true;
      signal();
      // Not awaited from inside `onEvents` (the event-store contract): no AsyncLocalStorage here.
      await done.catch(() => undefined);
    },
  };
  const done = run();
  // Observed here so a failure nobody awaits does not end the process as an unhandled rejection;
  // whoever awaits `done` still sees it.
  done.catch(() => undefined);
  return subscription;
}
