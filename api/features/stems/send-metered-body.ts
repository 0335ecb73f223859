import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/** How a body went out: the bytes the socket accepted, and whether the response fell short. */
export interface SentBody {
  /** Body bytes (never headers) the operating system accepted from us for the client. */
  bytesSent: number;
  /**
   * Fewer bytes than the response promised were accepted: the client went away, or the file
   * failed. Judged by the count, not by Node's 'finish': a client that reads the last byte and
   * hangs up at once can close the connection before our end-of-response marker is written, and
   * that response is complete.
   */
  aborted: boolean;
  /** Why the file could not be read to the end, when that is what cut the response short. */
  readError?: unknown;
  /**
   * A write's outcome had still not come when this resolved: the socket may yet read its bytes, so
   * the chunk's buffer must not be reused (stem-body.ts).
   */
  writesPending: boolean;
}

/** How long after the response closes a write may still report its outcome. */
const lateWriteOutcomeMs = 1_000;

/**
 * The most bytes handed to the socket in one write, and so the most a reset can leave unbilled.
 * Reads are larger (decision 0046); larger slices were no faster.
 */
export const writeSliceBytes = 64 * 1024;

/**
 * Write `body` (`contentLength` bytes) to `res` and resolve, once the response closed, with the
 * bytes the socket accepted. With `maxBytes` below `contentLength` (the credits reserved) the body
 * stops there and the connection is cut: no byte is sent without credit.
 *
 * A slice counts only when its write callback succeeds (it left our process for the kernel), so
 * nothing queued in Node when a client goes away is billed. Kernel buffers cannot be told apart,
 * so an abort may be billed up to both sides' socket buffers more than was read (decision 0010).
 * Slices go one at a time: queued writes would be flushed as one `writev` that a reset fails
 * whole, so a client reads at most one slice more than is billed.
 */
export async function sendMeteredBody(res: ServerResponse, body: Readable, contentLength: number, maxBytes = contentLength): Promise<SentBody> {
  let bytesSent = 0;
  let bytesQueued = 0;
  let writesInFlight = 0;
  let onWritesDone: (() => void) | undefined;
  // Node marks the response destroyed as it emits 'close' (a client gone before the first write).
  const closed = res.destroyed ? Promise.resolve() : new Promise<void>((resolve) => res.once('close', resolve));

  // Event-driven rather than `for await`: promises per chunk (the iterator's, and one per drain)
  // held the route to 0.43x of a plain pipe's throughput (`npm run bench:stream`, same run), the more so
  // as the process then had AsyncLocalStorage on (the event store's subscriptions, until decision
  // 0042), which makes every promise pay for async hooks. Here a response makes one promise,
  // however many chunks.
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
    // Write `chunk` from `offset` on, one slice at a time; then read on, or stop when `last`.
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
  // The file failed mid-way (removed, truncated, a disk error), or the credits ran out: the headers
  // promised more bytes than can come, so the connection is cut, which the client sees as an
  // incomplete response. A file shrunk in place since it was opened (rewritten over the same name)
  // ends without an error. Ending the response then would leave a keep-alive client waiting for the
  // bytes Content-Length promised, and read the next response as the rest of this one: cut it too.
  // The slices of a capped body were all written before this (their callbacks came).
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
