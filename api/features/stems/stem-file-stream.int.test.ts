import { mkdtempSync } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadBufferPool, streamStemFile } from './stem-file-stream';

const directory = mkdtempSync(path.join(tmpdir(), 'woodshed-stem-file-stream-'));
const file = path.join(directory, 'stem.wav');
const content = Buffer.from(Array.from({ length: 100 }, (_, index) => index));

/** Take the chunks one at a time, copying each before asking for the next (as the metered writer does). */
async function readOneAtATime(body: Readable): Promise<Buffer> {
  const copies: Buffer[] = [];
  for await (const chunk of body) copies.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(copies);
}

const closedEvent = (body: Readable) => new Promise<void>((resolve) => body.once('close', resolve));

describe('streamStemFile', () => {
  beforeAll(async () => {
    await writeFile(file, content);
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
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
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.idle).toBe(3);

    // A range shorter than a chunk takes one buffer.
    const probe = streamStemFile(await open(file), 0, 1, pool);
    expect(pool.idle).toBe(2);
    expect(await readOneAtATime(probe.body)).toEqual(content.subarray(0, 2));
    probe.recycle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.idle).toBe(3);

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
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.idle).toBe(3);
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
