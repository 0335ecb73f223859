import { describe, expect, it } from 'vitest';
import { type CatchUpSource, startCatchUpSubscription } from './catch-up-subscription';
import { START, type Position, type RecordedEvent, type SubscribeOptions, type Subscription } from './event-store';
import { SharedLogTail } from './shared-log-tail';

const pad = (n: number): Position => String(n).padStart(6, '0');

/**
 * A log whose entries are at positions "000001".."nnnnnn", of type "a" at odd and "b" at even
 * positions, read through one SharedLogTail as the PostgreSQL store does: every read of the log is
 * recorded with its `after` and whether it was filtered.
 */
function fakeStore(options: { pollIntervalMs?: number } = {}) {
  let count = 0;
  const reads: Array<{ after: Position; filtered: boolean }> = [];
  const wakers = new Set<() => void>();
  const event = (n: number) => ({ position: pad(n), type: n % 2 ? 'a' : 'b' }) as unknown as RecordedEvent;
  const tail = new SharedLogTail(
    async (after, max, types) => {
      reads.push({ after, filtered: types !== undefined });
      await new Promise((resolve) => setTimeout(resolve, 1));
      const first = after === START ? 1 : Number(after) + 1;
      const entries = Array.from({ length: Math.max(0, count - first + 1) }, (_, i) => event(first + i)).slice(0, max);
      const events = types ? entries.filter((entry) => types.includes(entry.type)) : entries;
      return { page: { events, next: entries.at(-1)?.position ?? after }, atHead: first + entries.length > count };
    },
    { pageSize: 4, keepPages: 2 },
  );
  const source: CatchUpSource = {
    readAll: (read) => tail.read({ after: read.after ?? START, max: read.max ?? 500, ...(read.types && { types: read.types }), ...(read.fresh && { fresh: true }) }),
    onAppended(wake) {
      wakers.add(wake);
      return () => wakers.delete(wake);
    },
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
  };
  return {
    reads,
    tail,
    /** Entries written elsewhere whose notification was lost: nobody is woken. */
    appendUnnoticed(n: number) {
      count += n;
    },
    append(n = 1) {
      count += n;
      tail.woke();
      for (const wake of wakers) wake();
    },
    subscribe(subscribe: SubscribeOptions): Subscription {
      return startCatchUpSubscription(source, subscribe);
    },
  };
}

/** A subscription recording what it was delivered; `caughtUp` resolves when it first reached the head. */
function follow(store: ReturnType<typeof fakeStore>, options: Partial<SubscribeOptions> & { handle?: (events: RecordedEvent[]) => Promise<void> } = {}) {
  const delivered: Position[] = [];
  const nexts: Position[] = [];
  let resolveCaughtUp!: () => void;
  const caughtUp = new Promise<void>((resolve) => (resolveCaughtUp = resolve));
  const subscription = store.subscribe({
    ...options,
    onEvents: async (events, next) => {
      await options.handle?.(events);
      delivered.push(...events.map((event) => event.position));
      nexts.push(next);
    },
    onCaughtUp: () => resolveCaughtUp(),
  });
  return { subscription, delivered, nexts, caughtUp };
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
const positions = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => pad(from + i * step));

describe('SharedLogTail', () => {
  it('reads the log once per append for every subscription at the tail, each getting its own types', async () => {
    const store = fakeStore();
    store.append(3);
    const all = follow(store);
    const odd = follow(store, { types: ['a'] });
    const even = follow(store, { types: ['b'] });
    await Promise.all([all.caughtUp, odd.caughtUp, even.caughtUp]);
    store.reads.length = 0;

    for (let i = 0; i < 5; i++) {
      store.append();
      await settle();
    }

    expect(store.reads).toEqual(positions(3, 7).map((after) => ({ after, filtered: false })));
    expect(all.delivered).toEqual(positions(1, 8));
    expect(odd.delivered).toEqual(positions(1, 7, 2));
    expect(even.delivered).toEqual(positions(2, 8, 2));
    // A filtered subscription moves past the entries of other types, as a filtered read does.
    expect(odd.nexts.at(-1)).toBe(pad(7));
    await Promise.all([all.subscription.stop(), odd.subscription.stop(), even.subscription.stop()]);
  });

  it('lets a subscription behind the tail catch up with its own reads, then join the shared ones', async () => {
    const store = fakeStore();
    store.append(20);
    const ahead = follow(store);
    await ahead.caughtUp;
    const behind = follow(store, { after: pad(2), types: ['b'], batchSize: 3 });
    await behind.caughtUp;
    expect(store.reads.filter((read) => read.filtered).length).toBeGreaterThan(0);
    store.reads.length = 0;

    store.append(2);
    await settle();

    expect(store.reads).toEqual([{ after: pad(20), filtered: false }]);
    expect(ahead.delivered).toEqual(positions(1, 22));
    expect(behind.delivered).toEqual(positions(4, 22, 2));
    await Promise.all([ahead.subscription.stop(), behind.subscription.stop()]);
  });

  it('serves a slow subscription from the pages read for the others, in order and once each', async () => {
    const store = fakeStore();
    const fast = follow(store);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = follow(store, { handle: () => held });
    await Promise.all([fast.caughtUp, slow.caughtUp]);

    for (let i = 0; i < 3; i++) {
      store.append();
      await settle();
    }
    expect(fast.delivered).toEqual(positions(1, 3));
    expect(slow.delivered).toEqual([]);
    const readsBefore = store.reads.length;
    release();
    await settle();

    expect(slow.delivered).toEqual(positions(1, 3));
    // The slow one's handler held the first event; the two after it came from the kept pages.
    expect(store.reads.length - readsBefore).toBe(0);
    store.append();
    await settle();
    expect(fast.delivered).toEqual(positions(1, 4));
    expect(slow.delivered).toEqual(positions(1, 4));
    await Promise.all([fast.subscription.stop(), slow.subscription.stop()]);
  });

  it('ends only the subscription whose handler fails, and the others follow on', async () => {
    const store = fakeStore();
    const healthy = follow(store);
    const failing = follow(store, {
      handle: async (events) => {
        if (events.some((event) => event.position === pad(2))) throw new Error('handler failed');
      },
    });
    await Promise.all([healthy.caughtUp, failing.caughtUp]);

    store.append();
    await settle();
    store.append();
    await expect(failing.subscription.done).rejects.toThrow('handler failed');
    store.append();
    await settle();

    expect(failing.delivered).toEqual([pad(1)]);
    expect(healthy.delivered).toEqual(positions(1, 3));
    await healthy.subscription.stop();
  });

  it('keeps delivering to the others after one stops', async () => {
    const store = fakeStore();
    const staying = follow(store);
    const leaving = follow(store);
    await Promise.all([staying.caughtUp, leaving.caughtUp]);
    store.append();
    await settle();
    await leaving.subscription.stop();
    store.reads.length = 0;

    store.append(5);
    await settle();

    expect(leaving.delivered).toEqual([pad(1)]);
    expect(staying.delivered).toEqual(positions(1, 6));
    // Five new entries, four to a page: two shared reads, the second reaching the head.
    expect(store.reads).toEqual([
      { after: pad(1), filtered: false },
      { after: pad(5), filtered: false },
    ]);
    await staying.subscription.stop();
  });

  it('reads again on a poll, so an append nobody was woken for is still found', async () => {
    const store = fakeStore({ pollIntervalMs: 20 });
    const first = follow(store);
    const second = follow(store);
    await Promise.all([first.caughtUp, second.caughtUp]);
    // The page this append's wake-up read says it reached the head until the next wake-up.
    store.append();
    await settle(5);
    store.appendUnnoticed(2);
    await settle(80);
    expect(first.delivered).toEqual(positions(1, 3));
    expect(second.delivered).toEqual(positions(1, 3));
    await Promise.all([first.subscription.stop(), second.subscription.stop()]);
  });
});
