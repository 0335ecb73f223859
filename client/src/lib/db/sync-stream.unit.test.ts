import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSyncStream } from './sync-stream';
import type { EventSourceLike, SyncStream, SyncStreamItem } from './sync-stream';

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  /** A dropped connection: the browser reconnects by itself (CONNECTING) or gives up (CLOSED). */
  fail(givesUp: boolean) {
    this.readyState = givesUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

function start() {
  const sources: FakeEventSource[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const stream = openSyncStream({
    connect: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    reconnectMs: 1_000,
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => {},
  });
  const received: Record<string, SyncStreamItem<unknown>[]> = { songs: [], stars: [], presets: [] };
  for (const name of ['songs', 'stars', 'presets'] as const) stream.changes(name).subscribe((item) => received[name]?.push(item));
  return { stream, sources, timers, received };
}

let opened: SyncStream | null = null;
afterEach(() => {
  opened?.close();
  opened = null;
  vi.restoreAllMocks();
});

describe('the sync stream', () => {
  it('opens one connection and hands each message to its collection, documents parsed', () => {
    const { stream, sources, received } = start();
    opened = stream;
    expect(sources.map((source) => source.url)).toEqual(['/api/sync/stream']);
    sources[0]?.open();
    sources[0]?.send({ collection: 'stars', documents: [{ id: '3', starred: true, updatedAt: 9, _deleted: false }], checkpoint: { position: '41' } });
    expect(received.stars).toEqual([{ documents: [{ id: '3', starred: true, updatedAt: 9, _deleted: false }], checkpoint: { position: '41' } }]);
    expect(received.songs).toEqual([]);
    expect(received.presets).toEqual([]);
  });

  it('passes a RESYNC from the server to every collection', () => {
    const { stream, sources, received } = start();
    opened = stream;
    sources[0]?.open();
    sources[0]?.send('RESYNC');
    expect(received).toEqual({ songs: ['RESYNC'], stars: ['RESYNC'], presets: ['RESYNC'] });
  });

  it('asks every collection to pull again when the connection comes back, not on the first open', () => {
    const { stream, sources, received } = start();
    opened = stream;
    sources[0]?.open();
    expect(received.songs).toEqual([]);
    sources[0]?.fail(false);
    sources[0]?.open();
    expect(received).toEqual({ songs: ['RESYNC'], stars: ['RESYNC'], presets: ['RESYNC'] });
  });

  it('reconnects itself after the browser gave up, then resyncs', () => {
    const { stream, sources, timers, received } = start();
    opened = stream;
    sources[0]?.open();
    sources[0]?.fail(true);
    expect(sources[0]?.closed).toBe(true);
    expect(timers.map((timer) => timer.ms)).toEqual([1_000]);
    timers[0]?.callback();
    expect(sources).toHaveLength(2);
    sources[1]?.open();
    expect(received.presets).toEqual(['RESYNC']);
  });

  it('pulls instead of storing a message outside the contract, and ignores unknown collections', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { stream, sources, received } = start();
    opened = stream;
    sources[0]?.open();
    sources[0]?.send({ collection: 'presets', documents: [{ id: '1', volumes: { a: 7 }, mutes: {}, updatedAt: 1 }], checkpoint: { position: '2' } });
    sources[0]?.send({ collection: 'songs', documents: [], checkpoint: null });
    sources[0]?.send({ collection: 'invoices', documents: [], checkpoint: { position: '3' } });
    expect(received).toEqual({ songs: ['RESYNC'], stars: [], presets: ['RESYNC'] });
  });

  it('closes the connection and completes the collections on close', () => {
    const { stream, sources } = start();
    let completed = 0;
    stream.changes('songs').subscribe({ complete: () => completed++ });
    stream.close();
    expect(sources[0]?.closed).toBe(true);
    expect(completed).toBe(1);
  });
});
