import { createServer } from 'node:http';
import type { RequestListener, ServerResponse } from 'node:http';
import { type AddressInfo, Server as NetServer } from 'node:net';

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

export interface HttpServerOptions {
  port: number;
  host: string;
  /**
   * Behind a reverse proxy, a stop leaves idle kept-alive connections for the proxy to close.
   * Closing one ourselves races with the proxy sending a request on it, and a proxy does not send
   * a POST or PATCH that failed so to another process (a 502 in a rolling restart). The proxy's
   * idle timeout must be shorter than the stop's grace (deploy/nginx.conf). Without a proxy they
   * are closed at once: a browser retries a request that a closing connection lost.
   */
  idleConnectionsOnClose?: 'close' | 'leave-to-proxy';
}

/** How long an idle keep-alive connection stays open. */
export const keepAliveTimeoutMs = 65_000;

/** Listen with a Koa app; resolves once the port is bound. */
export async function startHttpServer(app: { callback(): RequestListener }, options: HttpServerOptions): Promise<RunningServer> {
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
      const closed = new Promise<void>((resolve, reject) => {
        const finished = (error?: Error) => (error ? reject(error) : resolve());
        // net's close stops accepting and waits for every connection to end; http's also closes the idle ones at once.
        if (options.idleConnectionsOnClose === 'leave-to-proxy') NetServer.prototype.close.call(server, finished);
        else server.close(finished);
      });
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
