import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A pass-through proxy to the test app whose /service-worker.js can be switched to a new version. */
export interface NewServiceWorkerProxy {
  /** http://127.0.0.1:{port}, no trailing slash. */
  url: string;
  /** From now on /service-worker.js is the app's worker plus one comment line: to the browser, a new version. */
  publishNewWorker(): void;
  close(): Promise<void>;
}

/** A pass-through proxy in front of `target`: the shared app cannot be rebuilt under the other tests, so a new version
 * is what a deploy looks like to a browser's update check, the worker script's bytes changing. */
export async function startNewServiceWorkerProxy(target: string): Promise<NewServiceWorkerProxy> {
  let newWorker = false;
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const rewrite = newWorker && new URL(path, target).pathname === '/service-worker.js';
    const headers = { ...request.headers };
    if (rewrite) {
      // The rewritten worker is read whole, as plain text.
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, path, method: request.method, headers },
      (answer) => {
        if (!rewrite) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from('\n// the next version\n')]);
          const { etag: _etag, 'content-length': _length, 'last-modified': _modified, ...rest } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': body.length });
          response.end(body);
        });
      },
    );
    forwarded.on('error', (error) => {
      response.writeHead(502);
      response.end(String(error));
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publishNewWorker: () => {
      newWorker = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
