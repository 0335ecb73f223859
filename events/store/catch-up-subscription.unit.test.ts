import { describe, expect, it } from 'vitest';
import { type CatchUpSource, startCatchUpSubscription } from './catch-up-subscription';
import { START, type ReadAllOptions, type ReadAllPage, type RecordedEvent } from './event-store';

/** A log of `count` events at positions "1".."count" (START is before the first), read by a subscription that records each read. */
function fakeLog(options: { reportsHead: boolean }) {
  let count = 0;
  const reads: string[] = [];
  let wake: () => void = () => undefined;
  const event = (position: string) => ({ position }) as unknown as RecordedEvent;
  const source: CatchUpSource = {
    async readAll({ after = START }: ReadAllOptions): Promise<ReadAllPage & { atHead?: boolean }> {
      reads.push(after);
      const events = Array.from({ length: Math.max(0, count - Number(after)) }, (_, i) => event(String(Number(after) + i + 1)));
      return { events, next: events.at(-1)?.position ?? after, ...(options.reportsHead && { atHead: true }) };
    },
    onAppended(onWake) {
      wake = onWake;
      return () => undefined;
    },
    pollIntervalMs: 60_000,
  };
  return {
    source,
    reads,
    append() {
      count++;
      wake();
    },
  };
}

async function readsForOneAppend(reportsHead: boolean): Promise<{ reads: string[]; delivered: string[] }> {
  const log = fakeLog({ reportsHead });
  const delivered: string[] = [];
  let caughtUp!: () => void;
  const atStart = new Promise<void>((resolve) => (caughtUp = resolve));
  const subscription = startCatchUpSubscription(log.source, {
    onEvents: async (events) => void delivered.push(...events.map((e) => e.position)),
    onCaughtUp: () => caughtUp(),
  });
  await atStart;
  log.reads.length = 0;
  log.append();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await subscription.stop();
  return { reads: log.reads, delivered };
}

describe('startCatchUpSubscription', () => {
  it('reads once per append when the page says it reached the head', async () => {
    expect(await readsForOneAppend(true)).toEqual({ reads: [START], delivered: ['1'] });
  });

  it('reads again to learn it is at the head when the source cannot say', async () => {
    expect(await readsForOneAppend(false)).toEqual({ reads: [START, '1'], delivered: ['1'] });
  });
});

describe('a handler that stops its own subscription', () => {
  it('ends it after that batch, with no further batch delivered', async () => {
    const log = fakeLog({ reportsHead: true });
    log.append();
    log.append();
    const delivered: string[][] = [];
    const subscription = startCatchUpSubscription(log.source, {
      onEvents: async (events) => {
        delivered.push(events.map((e) => e.position));
        // Not awaited here: stop() waits for the handler that is running it (event-store.ts).
        void subscription.stop();
      },
    });
    await subscription.done;
    log.append();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(delivered).toEqual([['1', '2']]);
  });
});

describe('the position a subscription reports', () => {
  it('moves only once a page was handled, and past pages with nothing of its types', async () => {
    let release!: () => void;
    const handling = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let wake: () => void = () => undefined;
    const pages: Array<ReadAllPage & { atHead: boolean }> = [
      { events: [{ position: '1' } as unknown as RecordedEvent], next: '1', atHead: true },
      // Entries 2 and 3 were of other types: nothing to hand over, the position moves all the same.
      { events: [], next: '3', atHead: true },
    ];
    const source: CatchUpSource = {
      async readAll() {
        return pages.shift() ?? { events: [], next: '3', atHead: true };
      },
      onAppended(onWake) {
        wake = onWake;
        return () => undefined;
      },
      pollIntervalMs: 60_000,
    };
    const subscription = startCatchUpSubscription(source, {
      onEvents: async () => {
        entered();
        await handling;
      },
    });
    expect(subscription.position).toBe(START);
    await inHandler;
    expect(subscription.position).toBe(START);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(subscription.position).toBe('1');
    wake();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(subscription.position).toBe('3');
    await subscription.stop();
  });
});
