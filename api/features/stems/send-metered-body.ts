import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/** How a body went out: the bytes the socket accepted, and whether the response fell short. */
export interface SentBody {
  /** Body bytes (never headers) the operating system accepted from us for the client. */
  bytesSent: number;
  /** Fewer bytes than promised were accepted. Judged by the count, not 'finish': a client may hang up before our end marker yet have the whole body. */
  aborted: boolean;
  /** Why the file could not be read to the end, when that is what cut the response short. */
  readError?: unknown;
  /** A write's outcome is still pending: the chunk's buffer must not be reused (stem-body.ts). */
  writesPending: boolean;
}

/** How long after the response closes a write may still report its outcome. */
const lateWriteOutcomeMs = 1_000;

/** The most bytes in one write, and so the most a reset can leave unbilled (decision 0046). */
export const writeSliceBytes = 64 * 1024;

/**
 * Write `body` to `res`, resolving once the response closed with the bytes the socket accepted;
 * past `maxBytes` (the credits reserved) the connection is cut. A slice counts only when its write
 * callback succeeds, so nothing queued in Node is billed (kernel buffers: decision 0010). Slices go
 * one at a time: queued writes become one `writev` that a reset fails whole.
 */
export async function sendMeteredBody(res: ServerResponse, body: Readable, contentLength: number, maxBytes = contentLength): Promise<SentBody> {
  let bytesSent = 0;
  let bytesQueued = 0;
  let writesInFlight = 0;
  let onWritesDone: (() => void) | undefined;
  // Node marks the response destroyed as it emits 'close' (a client gone before the first write).
  const closed = res.destroyed ? Promise.resolve() : new Promise<void>((resolve) => res.once('close', resolve));

  // Event-driven rather than `for await`: a promise per chunk is too slow; here a response makes one.
  const readError = await new Promise<unknown>((resolve) => {
    let finished = false;
    // A chunk's slices are still going out; the file's end (or a cap) waits for them.
    let writing = false;
    let endPending = false;
    const finish = (error?: unknown) => {
      if (finished) return;
      finished = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onEnd);
      res.off('close', onClosed);
      resolve(error);
    };
    const writeSlices = (chunk: Buffer, offset: number, last: boolean) => {
      if (finished) return;
      if (offset >= chunk.length) {
        writing = false;
        if (last || endPending) finish();
        else body.resume();
        return;
      }
      const slice = chunk.subarray(offset, offset + writeSliceBytes);
      writesInFlight++;
      bytesQueued += slice.length;
      res.write(slice, (error) => {
        writesInFlight--;
        if (!error) bytesSent += slice.length;
        if (writesInFlight === 0) onWritesDone?.();
        // A failed write is followed by the response's 'close', which ends the body.
        if (!error) writeSlices(chunk, offset + slice.length, last);
      });
    };
    const onData = (chunk: Buffer) => {
      if (res.destroyed) return finish();
      const allowed = Math.max(0, maxBytes - bytesQueued);
      const capped = allowed < chunk.length;
      body.pause();
      writing = true;
      writeSlices(capped ? chunk.subarray(0, allowed) : chunk, 0, capped);
    };
    const onEnd = () => {
      if (writing) endPending = true;
      else finish();
    };
    const onClosed = () => finish();
    const onError = (error: unknown) => finish(error);
    if (res.destroyed) return finish();
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onError);
    // A body destroyed without an end or an error (nothing more will come).
    body.once('close', onEnd);
    res.once('close', onClosed);
  });
  body.destroy();
  // Fewer bytes than Content-Length promised (read error, shrunk file, credits out): cut the
  // connection, or a keep-alive client would read the next response as the rest of this one.
  if (readError !== undefined || bytesQueued < contentLength) res.destroy();
  else if (!res.destroyed) res.end();
  await closed;
  if (writesInFlight > 0) {
    // A write's callback can trail the close by a tick (success) or come as a destroy error.
    await new Promise<void>((resolve) => {
      onWritesDone = resolve;
      setTimeout(resolve, lateWriteOutcomeMs).unref();
    });
  }
  return { bytesSent, aborted: bytesSent < contentLength, writesPending: writesInFlight > 0, ...(readError !== undefined && { readError }) };
}
