import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStreamMessage } from '../../contract/sync-documents';
import { type ClusterDatabase, cluster, openClusterDatabase, signedInUser, songsOf } from './testing/cluster-client';

/** A live sync stream (GET /api/sync/stream) read message by message. */
async function openStream(baseUrl: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/sync/stream`, { headers, signal: abort.signal });
  if (response.status !== 200 || response.body === null) throw new Error(`GET /api/sync/stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const messages: SyncStreamMessage[] = [];
  const waiters: Array<() => void> = [];
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffered += value;
      let end;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const frame = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data !== undefined) messages.push(JSON.parse(data.slice('data: '.length)) as SyncStreamMessage);
      }
      waiters.splice(0).forEach((wake) => wake());
    }
  })();
  return {
    /** The first message from `from` on that `matches`, waiting up to `timeoutMs`. */
    async next(matches: (message: SyncStreamMessage) => boolean, from: number, timeoutMs: number): Promise<{ message: SyncStreamMessage; at: number }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(from).find(matches);
        if (found !== undefined) return { message: found, at: performance.now() };
        if (Date.now() > deadline) throw new Error(`no matching sync message within ${timeoutMs / 1000} s; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    count: () => messages.length,
    close: () => abort.abort(),
  };
}

describe('live sync across API processes', () => {
  let database: ClusterDatabase;
  beforeAll(async () => {
    database = await openClusterDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a star written through one process reaches a live stream connected to another', async () => {
    const { apis } = cluster();
    const [writer, reader] = apis;
    const user = await signedInUser(database, 'sync');
    const [song] = await songsOf(writer!.url, user);
    const stream = await openStream(reader!.url, user.headers);
    try {
      await stream.next((message) => message === 'RESYNC', 0, 10_000);
      const from = stream.count();
      const sentAt = performance.now();
      const star = await fetch(`${writer!.url}/api/songs/${song!.id}/starred`, {
        method: 'PATCH',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ starred: true }),
      });
      await star.body?.cancel();
      expect(star.status).toBe(200);
      const isTheStar = (message: SyncStreamMessage) =>
        message !== 'RESYNC' && message.collection === 'stars' && message.documents.some((document) => document.id === String(song!.id) && document.starred === true);
      const { at } = await stream.next(isTheStar, from, 10_000);
      // The 1 s target is held by `npm run bench:scale-out`; here, the figure of this run.
      console.log(`star written through ${writer!.name} reached the stream on ${reader!.name} ${(at - sentAt).toFixed(0)} ms after the PATCH was sent`);
    } finally {
      stream.close();
    }
  });
});
