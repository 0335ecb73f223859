import { request } from 'node:http';

/** How one stem request went, as the client saw it. */
export interface StemFetch {
  status: number;
  /** Body bytes received. */
  received: number;
  /** Every byte Content-Length promised came. */
  complete: boolean;
}

export interface StemFetchOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Hang up (destroy the socket) once this many body bytes have come. */
  hangUpAfter?: number;
  /** Called with the response before its body is read; the body waits until it resolves. */
  onHeaders?: () => Promise<void> | void;
}

/** One request on its own connection, counting body bytes; a response cut short resolves incomplete rather than failing. */
export function fetchStem(url: string, options: StemFetchOptions = {}): Promise<StemFetch> {
  return new Promise((resolve, reject) => {
    let received = 0;
    let status = 0;
    let expected = -1;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve({ status, received, complete: expected >= 0 && received === expected });
    };
    const outgoing = request(url, { method: options.method ?? 'GET', headers: { connection: 'close', ...options.headers }, agent: false }, (response) => {
      status = response.statusCode ?? 0;
      expected = Number(response.headers['content-length'] ?? -1);
      if (options.method === 'HEAD') expected = 0;
      response.pause();
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (options.hangUpAfter !== undefined && received >= options.hangUpAfter) {
          response.socket.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('aborted', done);
      response.on('close', done);
      response.on('error', done);
      Promise.resolve(options.onHeaders?.()).then(
        () => response.resume(),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
    outgoing.on('error', (error) => (status !== 0 ? done() : reject(error)));
    outgoing.end();
  });
}
