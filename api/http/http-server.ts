import { createServer } from 'node:http';
import type { RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening HTTP server and how to stop it. */
export interface RunningServer {
  /** `http://host:port` as bound (the real port when 0 was asked for). */
  readonly url: string;
  readonly port: number;
  /**
   * Stop accepting, let requests finish, and cut what remains (streams) after `graceMs`. A request
   * that still arrives on a kept-alive connection (a proxy reusing it) is answered with
   * `Connection: close`, so the proxy retires the connection instead of sending more on it until the cut.
   */
  close(graceMs?: number): Promise<void>;
}

/** How long an idle keep-alive connection stays open. */
export const keepAliveTimeoutMs = 65_000;

/** Listen with a Koa app; resolves once the port is bound. */
export async function startHttpServer(app: { callback(): RequestListener }, options: { port: number; host: string }): Promise<RunningServer> {
  const handle = app.callback();
  let closing = false;
  // Responses not started yet, so a stop can still mark them as the connection's last.
  const unanswered = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    if (closing) response.shouldKeepAlive = false;
    else {
      unanswered.add(response);
      const done = () => unanswered.delete(response);
      response.once('finish', done);
      response.once('close', done);
    }
    return handle(request, response);
  });
  // Outlive the idle timeouts of clients and load balancers (60 s), so they close first and never
  // send on a connection we are closing; the header timeout must stay above it.
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    async close(graceMs = 10_000) {
      closing = true;
      for (const response of unanswered) if (!response.headersSent) response.shouldKeepAlive = false;
      unanswered.clear();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      try {
        await closed;
      } finally {
        clearTimeout(force);
      }
    },
  };
}
