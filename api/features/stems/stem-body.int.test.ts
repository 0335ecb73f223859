import { mkdtempSync } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ByteRange } from './byte-range';
import { ReadBufferPool, type SentStemBody, stemBodySender, streamStemFile } from './stem-body';

const directory = mkdtempSync(path.join(tmpdir(), 'woodshed-stem-body-'));
const file = path.join(directory, 'stem.wav');
const content = Buffer.from(Array.from({ length: 100 }, (_, index) => index));

/** Take the chunks one at a time, copying each before asking for the next (as the metered writer does). */
async function readOneAtATime(body: Readable): Promise<Buffer> {
  const copies: Buffer[] = [];
  for await (const chunk of body) copies.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(copies);
}

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const closedEvent = (body: Readable) => new Promise<void>((resolve) => body.once('close', resolve));

describe('streamStemFile', () => {
  beforeAll(async () => {
    await writeFile(file, content);
  });

  it('streams a byte range across chunk boundaries, and closes the file at the end', async () => {
    const pool = new ReadBufferPool(7);
    const handle = await open(file);
    const { body } = streamStemFile(handle, 5, 60, pool);
    expect(await readOneAtATime(body)).toEqual(content.subarray(5, 61));
    await expect(handle.stat()).rejects.toMatchObject({ code: 'EBADF' });
  });

  it('gives its buffers back only when recycled and closed, and later streams read into them', async () => {
    const pool = new ReadBufferPool(16);
    const first = streamStemFile(await open(file), 0, 99, pool);
    expect(await readOneAtATime(first.body)).toEqual(content);
    expect(pool.idle).toBe(0);
    first.recycle();
    first.recycle();
    // The buffers come back once the stream has closed with no write pending: a turn or more later.
    await vi.waitFor(() => expect(pool.idle).toBe(3));

    // A range shorter than a chunk takes one buffer.
    const probe = streamStemFile(await open(file), 0, 1, pool);
    expect(pool.idle).toBe(2);
    expect(await readOneAtATime(probe.body)).toEqual(content.subarray(0, 2));
    probe.recycle();
    // The buffers come back once the stream has closed with no write pending: a turn or more later.
    await vi.waitFor(() => expect(pool.idle).toBe(3));

    // Two streams at once on the recycled buffers: neither sees the other's bytes.
    const a = streamStemFile(await open(file), 0, 49, pool);
    const b = streamStemFile(await open(file), 50, 99, pool);
    const [bytesOfA, bytesOfB] = await Promise.all([readOneAtATime(a.body), readOneAtATime(b.body)]);
    expect(bytesOfA).toEqual(content.subarray(0, 50));
    expect(bytesOfB).toEqual(content.subarray(50));
  });

  it('closes the file when destroyed half-way, and keeps the buffers until then', async () => {
    const pool = new ReadBufferPool(8);
    const handle = await open(file);
    const stream = streamStemFile(handle, 0, 99, pool);
    const first = await new Promise<Buffer>((resolve) => stream.body.once('data', resolve));
    expect(first).toEqual(content.subarray(0, 8));
    const closed = closedEvent(stream.body);
    stream.recycle();
    stream.body.destroy();
    await closed;
    // The buffers come back once the stream has closed with no write pending: a turn or more later.
    await vi.waitFor(() => expect(pool.idle).toBe(3));
    await expect(handle.stat()).rejects.toMatchObject({ code: 'EBADF' });
  });

  it('ends early, without an error, when the file is shorter than the range', async () => {
    const handle = await open(file);
    const { body } = streamStemFile(handle, 90, 199, new ReadBufferPool(8));
    expect(await readOneAtATime(body)).toEqual(content.subarray(90));
  });

  it('fails the stream when a read fails', async () => {
    const handle = await open(file);
    await handle.close();
    const { body } = streamStemFile(handle, 0, 99, new ReadBufferPool(8));
    await expect(readOneAtATime(body)).rejects.toMatchObject({ code: 'EBADF' });
  });
});

describe('stemBodySender', () => {
  const emptyFile = path.join(directory, 'empty.wav');
  beforeAll(async () => {
    await writeFile(file, content);
    await writeFile(emptyFile, Buffer.alloc(0));
  });

  /** Serve one response of `source` through `send`, and fetch it: what the client read, and what the sender reported. */
  async function serveOnce(send: ReturnType<typeof stemBodySender>, source: string, range: ByteRange | null, maxBytes: number) {
    const handle = await open(source);
    const { size } = await handle.stat();
    let report!: Promise<SentStemBody>;
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': String(range ? range.end - range.start + 1 : size) });
      report = send(res, { handle, size }, range, maxBytes);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const received = await new Promise<Buffer>((resolve, reject) => {
        http
          .get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('close', () => resolve(Buffer.concat(chunks)));
          })
          .on('error', reject);
      });
      return { received, sent: await report, handle };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('sends the range, closes the file, and takes its buffers back for the next response', async () => {
    const pool = new ReadBufferPool(16);
    const send = stemBodySender(pool);
    const first = await serveOnce(send, file, { start: 10, end: 89 }, 80);
    expect(first.received).toEqual(content.subarray(10, 90));
    expect(first.sent).toEqual({ bytesSent: 80, aborted: false });
    await expect(first.handle.stat()).rejects.toMatchObject({ code: 'EBADF' });
    // The buffers come back once the stream has closed with no write pending: a turn or more later.
    await vi.waitFor(() => expect(pool.idle).toBe(3));

    const second = await serveOnce(send, file, null, content.length);
    expect(second.received).toEqual(content);
    // The buffers come back once the stream has closed with no write pending: a turn or more later.
    await vi.waitFor(() => expect(pool.idle).toBe(3));
  });

  it('stops at the bytes its credits hold, and cuts the response', async () => {
    const cut = await serveOnce(stemBodySender(new ReadBufferPool(16)), file, null, 40);
    expect(cut.received.length).toBeLessThanOrEqual(40);
    expect(cut.sent).toMatchObject({ bytesSent: 40, aborted: true });
  });

  it('sends an empty file, closing its handle, without taking a buffer', async () => {
    const pool = new ReadBufferPool(16);
    const empty = await serveOnce(stemBodySender(pool), emptyFile, null, 0);
    expect(empty.received.length).toBe(0);
    expect(empty.sent).toEqual({ bytesSent: 0, aborted: false });
    await expect(empty.handle.stat()).rejects.toMatchObject({ code: 'EBADF' });
    expect(pool.idle).toBe(0);
  });
});
