import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type SentBody, sendMeteredBody, writeSliceBytes } from './send-metered-body';

describe('sendMeteredBody', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  /** Serve `chunks` under a Content-Length of `promised` and report what the sender counted. */
  async function serve(chunks: Buffer[], promised: number, watch?: (res: http.ServerResponse) => void): Promise<{ url: string; sent: Promise<SentBody> }> {
    let report!: (sent: SentBody) => void;
    const sent = new Promise<SentBody>((resolve) => (report = resolve));
    server = http.createServer((_req, res) => {
      watch?.(res);
      res.writeHead(200, { 'Content-Length': String(promised), 'Content-Type': 'audio/wav' });
      void sendMeteredBody(res, Readable.from(chunks), promised).then(report);
    });
    // Long enough that only the sender, not the server's idle timer, can end a short response.
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, sent };
  }

  /** GET over a keep-alive connection: 'complete' with the body, or 'cut' when the connection ends early. */
  function fetchOverKeepAlive(url: string): Promise<{ outcome: 'complete' | 'cut' | 'still waiting'; bytes: number }> {
    const agent = new http.Agent({ keepAlive: true });
    return new Promise((resolve) => {
      let bytes = 0;
      const waiting = setTimeout(() => done('still waiting'), 3_000);
      const done = (outcome: 'complete' | 'cut' | 'still waiting') => {
        clearTimeout(waiting);
        agent.destroy();
        resolve({ outcome, bytes });
      };
      http
        .get(url, { agent }, (res) => {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => done(res.complete ? 'complete' : 'cut'));
          res.on('aborted', () => done('cut'));
          res.on('error', () => done('cut'));
        })
        .on('error', () => done('cut'));
    });
  }

  it('meters every byte of a complete body', async () => {
    const { url, sent } = await serve([Buffer.alloc(3000, 1), Buffer.alloc(2000, 2)], 5000);
    expect(await fetchOverKeepAlive(url)).toEqual({ outcome: 'complete', bytes: 5000 });
    expect(await sent).toEqual({ bytesSent: 5000, aborted: false, writesPending: false });
  });

  it('cuts the connection when the file ends before Content-Length (shrunk since it was opened), so a keep-alive client is not left waiting', async () => {
    const { url, sent } = await serve([Buffer.alloc(1000, 1)], 4000);
    expect(await fetchOverKeepAlive(url)).toEqual({ outcome: 'cut', bytes: 1000 });
    const report = await sent;
    expect(report.aborted).toBe(true);
    expect(report.bytesSent).toBeLessThanOrEqual(1000);
  });

  it('writes a large chunk in slices of at most writeSliceBytes, one at a time, so a reset can leave at most one slice unbilled', async () => {
    const sizes: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const { url, sent } = await serve([Buffer.alloc((1 << 20) + 100, 3)], (1 << 20) + 100, (res) => {
      const write = res.write.bind(res) as (chunk: Buffer, callback: (error?: Error | null) => void) => boolean;
      res.write = ((chunk: Buffer, callback: (error?: Error | null) => void) => {
        sizes.push(chunk.length);
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        return write(chunk, (error) => {
          inFlight--;
          callback(error);
        });
      }) as typeof res.write;
    });
    expect(await fetchOverKeepAlive(url)).toEqual({ outcome: 'complete', bytes: (1 << 20) + 100 });
    expect(await sent).toEqual({ bytesSent: (1 << 20) + 100, aborted: false, writesPending: false });
    const whole = Math.floor(((1 << 20) + 100) / writeSliceBytes);
    expect(sizes).toEqual([...Array.from({ length: whole }, () => writeSliceBytes), (1 << 20) + 100 - whole * writeSliceBytes]);
    expect(mostInFlight).toBe(1);
  });
});
