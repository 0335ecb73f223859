import { connect } from 'node:net';

/** What a raw client of one response read before it closed its socket. */
export interface ReadThenClosed {
  status: number;
  /** Body bytes the client read from its socket (headers excluded). */
  bodyBytes: number;
}

/**
 * GET `path` over a raw TCP socket, counting body bytes as they come, and destroy it once `limit`
 * came: unread bytes make the kernel reset the connection, as a tab closed mid-download does.
 */
export function readBodyThenClose(baseUrl: string, path: string, headers: Record<string, string>, limit: number): Promise<ReadThenClosed> {
  const { hostname, port } = new URL(baseUrl);
  const head = [`GET ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', ''].join('\r\n');
  return new Promise((resolve, reject) => {
    let headerBytes = Buffer.alloc(0);
    let status = 0;
    let bodyBytes = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status, bodyBytes });
    };
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(head));
    socket.on('data', (chunk: Buffer) => {
      if (done) return;
      if (status === 0) {
        headerBytes = Buffer.concat([headerBytes, chunk]);
        const end = headerBytes.indexOf('\r\n\r\n');
        if (end < 0) return;
        status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headerBytes.toString('latin1'))?.[1] ?? 0);
        bodyBytes = headerBytes.length - end - 4;
      } else {
        bodyBytes += chunk.length;
      }
      if (bodyBytes >= limit) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (error) => (status !== 0 ? finish() : reject(error)));
  });
}
