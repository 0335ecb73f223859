import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ByteRange } from './byte-range';
import { sendMeteredBody } from './send-metered-body';

/** Reads are a MiB at a time (decision 0037); writes, and billing, go in 64 KiB slices (send-metered-body.ts). */
export const readChunkBytes = 1 << 20;

/** A stream reads into (at most) three buffers in turn: a chunk's buffer is read into again three chunks later. */
const buffersPerStream = 3;
/** The most idle buffers kept for later responses (32 MiB at 1 MiB each); more are left to the GC. */
const idleBuffersKept = 32;

/** Read buffers of one size, reused across responses to spare the garbage collector (decision 0047). */
export class ReadBufferPool {
  readonly #idle: Buffer[] = [];
  constructor(readonly bufferBytes: number) {}

  take(): Buffer {
    return this.#idle.pop() ?? Buffer.allocUnsafeSlow(this.bufferBytes);
  }

  give(buffers: readonly Buffer[]): void {
    for (const buffer of buffers) if (this.#idle.length < idleBuffersKept) this.#idle.push(buffer);
  }

  get idle(): number {
    return this.#idle.length;
  }
}

/** A stem file's bytes as a stream, and how to give its buffers back once nothing reads them. */
export interface StemFileStream {
  /** The bytes from `start` to `end` inclusive; closes the file handle when it ends or is destroyed. */
  readonly body: Readable;
  /** The response is over with no write pending: the buffers return to the pool once the stream closed. */
  recycle(): void;
}

/**
 * Stream bytes `start`..`end` (inclusive) through pooled buffers. A chunk stays valid until the
 * consumer takes the one after next, which a consumer that writes each chunk first always respects.
 */
export function streamStemFile(handle: FileHandle, start: number, end: number, pool: ReadBufferPool): StemFileStream {
  const chunkBytes = pool.bufferBytes;
  // A short range (the player's two-byte probe) needs one buffer, not three.
  const buffers = Array.from({ length: Math.max(1, Math.min(buffersPerStream, Math.ceil((end + 1 - start) / chunkBytes))) }, () => pool.take());
  let position = start;
  let reads = 0;
  let recycled = false;
  const body = new Readable({
    highWaterMark: chunkBytes,
    read() {
      const length = Math.min(chunkBytes, end + 1 - position);
      if (length <= 0) {
        this.push(null);
        return;
      }
      const buffer = buffers[reads++ % buffers.length]!;
      handle.read(buffer, 0, length, position).then(
        ({ bytesRead }) => {
          // A file shrunk since it was opened ends early: the consumer sees fewer bytes than asked.
          if (bytesRead === 0) {
            this.push(null);
            return;
          }
          position += bytesRead;
          this.push(buffer.subarray(0, bytesRead));
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      handle.close().then(
        () => callback(error),
        (closeError: unknown) => callback(error ?? (closeError instanceof Error ? closeError : new Error(String(closeError)))),
      );
    },
  });
  // A read in flight at destroy still lands in its buffer; 'close' comes only after the handle closes.
  const closed = new Promise<void>((resolve) => body.once('close', resolve));
  return {
    body,
    recycle() {
      if (recycled) return;
      recycled = true;
      void closed.then(() => pool.give(buffers));
    },
  };
}

/** A stem file opened for a GET: the body's source. */
export interface StemBodySource {
  handle: FileHandle;
  /** Bytes of the whole file. */
  size: number;
}

/** How a stem's body went out (send-metered-body.ts tells what each figure means). */
export interface SentStemBody {
  bytesSent: number;
  aborted: boolean;
  readError?: unknown;
}

/** Send a stem GET's body (`range`, or all, at most `maxBytes`), metered; takes over and closes the file handle. */
export type SendStemBody = (res: ServerResponse, file: StemBodySource, range: ByteRange | null, maxBytes: number) => Promise<SentStemBody>;

/** A sender of stem bodies with its own pooled read buffers, returned once no write of them is pending. */
export function stemBodySender(pool = new ReadBufferPool(readChunkBytes)): SendStemBody {
  return async (res, file, range, maxBytes) => {
    if (file.size === 0) {
      await file.handle.close();
      const { writesPending: _none, ...sent } = await sendMeteredBody(res, Readable.from([]), 0, maxBytes);
      return sent;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? file.size - 1;
    const stream = streamStemFile(file.handle, start, end, pool);
    const { writesPending, ...sent } = await sendMeteredBody(res, stream.body, end + 1 - start, maxBytes);
    if (!writesPending) stream.recycle();
    return sent;
  };
}
