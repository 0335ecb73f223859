import type { SyncStreamMessage } from '../../contract/sync-documents';

/** A live sync stream (GET /api/sync/stream) read message by message. */
export async function openSyncStream(baseUrl: string, headers: Record<string, string>) {
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
