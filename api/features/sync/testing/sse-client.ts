import type { TestBrowser } from '../../../testing/test-browser';

/** One event of a Server-Sent Events stream: its data parsed as JSON, or a comment line. */
export type SseItem = { kind: 'data'; data: unknown } | { kind: 'comment'; text: string } | { kind: 'retry'; ms: number };

/** A Server-Sent Events stream read by a test: every item so far, waits for the next that matches, abort. */
export interface SseStream {
  status: number;
  headers: Headers;
  items: SseItem[];
  /** The first item (from `from` on) that matches, waiting up to `timeoutMs`; returns its index too. */
  waitFor(match: (item: SseItem) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<{ item: SseItem; index: number }>;
  /** Whether the server ended the stream. */
  ended(): boolean;
  close(): void;
}

/** Open GET `path` as an event stream with `browser`'s cookies (its session). */
export async function openSse(baseUrl: string, browser: TestBrowser, path: string): Promise<SseStream> {
  const controller = new AbortController();
  const cookie = browser.cookieHeader();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { accept: 'text/event-stream', ...(cookie !== undefined && { cookie }) },
    signal: controller.signal,
  });
  const items: SseItem[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) items.push({ kind: 'comment', text: line.slice(1).trim() });
            else if (line.startsWith('data: ')) items.push({ kind: 'data', data: JSON.parse(line.slice(6)) });
            else if (line.startsWith('retry: ')) items.push({ kind: 'retry', ms: Number(line.slice(7)) });
          }
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();
  void reading;
  return {
    status: response.status,
    headers: response.headers,
    items,
    ended: () => done,
    close: () => controller.abort(),
    async waitFor(match, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 5_000);
      for (;;) {
        const index = items.findIndex((item, at) => at >= (options.from ?? 0) && match(item));
        if (index >= 0) return { item: items[index]!, index };
        const left = deadline - Date.now();
        if (left <= 0 || done) throw new Error(`No matching stream item within the time; got ${JSON.stringify(items)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
  };
}
