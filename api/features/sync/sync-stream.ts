import { PassThrough } from 'node:stream';
import type { AppContext } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/require-user';
import type { SyncStreamMessage } from '../../../contract/sync-documents';
import type { SyncChangeFeed } from './sync-change-feed';

export interface SyncStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream; default 15 s. */
  heartbeatMs?: number;
  /** A stream ends after this long so EventSource reconnects and the session is checked again; default 10 minutes. */
  maxLifetimeMs?: number;
  /** Bytes a slow client may leave unread before its stream is ended (it reconnects and pulls); default 1 MiB. */
  maxBufferedBytes?: number;
}

/** How long the browser waits before reconnecting (the SSE `retry` field). */
const reconnectMs = 2_000;

/** GET /api/sync/stream: Server-Sent Events of the user's changes, starting with RESYNC. */
export async function openSyncStream(ctx: AppContext, feed: SyncChangeFeed, options: SyncStreamOptions = {}): Promise<void> {
  const user = requireUser(ctx);
  const body = new PassThrough();
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
  let closed = false;
  const write = (chunk: string) => {
    if (closed) return;
    body.write(chunk);
    if (body.writableLength > maxBufferedBytes) close();
  };
  const send = (message: SyncStreamMessage) => write(`data: ${JSON.stringify(message)}\n\n`);

  // Filled in once subscribed; `close` may run before (a refused stream).
  const subscription: { unsubscribe?: () => void } = {};
  function close(): void {
    if (closed) return;
    closed = true;
    subscription.unsubscribe?.();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    body.end();
  }
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs ?? 15_000);
  const lifetime = setTimeout(close, options.maxLifetimeMs ?? 10 * 60_000);
  subscription.unsubscribe = await feed.subscribe(user.id, send);
  if (!subscription.unsubscribe) {
    close();
    throw new AppError(429, 'rate_limited', 'Too many sync streams are open for this account. Close another tab or device, then try again.');
  }
  // The client went away (or the server is closing the connection): stop listening at once.
  ctx.res.once('close', close);
  body.once('close', close);

  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.status = 200;
  ctx.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    // nginx and similar proxies would otherwise buffer the stream.
    'X-Accel-Buffering': 'no',
  });
  ctx.body = body;
  write(`retry: ${reconnectMs}\n\n`);
  send('RESYNC');
}
