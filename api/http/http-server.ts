import { createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening HTTP server and how to stop it. */
export interface RunningServer {
  /** `http://host:port` as bound (the real port when 0 was asked for). */
  readonly url: string;
  readonly port: number;
  /**
   * Stop accepting connections, let requests in flight finish, and cut the remaining connections
   * (long-lived streams) after `graceMs`.
   */
  close(graceMs?: number): Promise<void>;
}

/** Listen with a Koa app; resolves once the port is bound. */
export async function startHttpServer(app: { callback(): RequestListener }, options: { port: number; host: string }): Promise<RunningServer> {
  const server = createServer(app.callback());
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
