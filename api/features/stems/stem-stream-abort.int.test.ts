import { mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { writeSliceBytes } from './send-metered-body';
import { fixtureSongLibraryForAll } from './testing/fixture-song-library';
import { readBodyThenClose } from './testing/read-body-then-close';
import { socketBufferingBound } from './testing/socket-buffering';
import { sessionHeader, stemPath, waitForMeteredStreams } from './testing/stem-requests';

/** The most a reset can leave unbilled: one write (send-metered-body.ts), whatever the read size. */
const writeChunkBytes = writeSliceBytes;
const readBeforeHangingUp = 1 << 20;
const buffering = socketBufferingBound();
// Larger than everything that can be in flight when the client hangs up, so the response can
// never complete: the abort is certain, not a race. Sparse, so it costs no disk.
const largeBytes = readBeforeHangingUp + buffering + (8 << 20);
const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-songs-'));

describeAppOnEveryDatabase('stem stream aborted by the client', { config: { authSecret: testAuthSecret, songsDir } }, (env) => {
  const library = fixtureSongLibraryForAll(env, { largeBytes });

  it('meters what the socket accepted when the client hangs up mid-file: more than nothing, no more than the buffers hold beyond what it read', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'impatient@example.com');
    const received = await readThenHangUp(`${env.app.url}${stemPath(library().songId, library().stems.large.filename)}`, sessionHeader(browser), readBeforeHangingUp);
    expect(received).toBeGreaterThanOrEqual(readBeforeHangingUp);

    const [event] = await waitForMeteredStreams(env.app.store, user.id, 1);
    expect(event).toMatchObject({ userId: user.id, songId: library().songId, filename: library().stems.large.filename, range: null, aborted: true });
    const { bytesSent } = event!;
    expect(bytesSent).toBeGreaterThan(0);
    expect(bytesSent).toBeLessThan(largeBytes);
    // Never less than the client read, but for the one chunk a reset can cut mid-way (not billed).
    expect(bytesSent).toBeGreaterThanOrEqual(received - writeChunkBytes);
    // Never more than it read plus what the two kernels' socket buffers can hold.
    expect(bytesSent).toBeLessThanOrEqual(received + buffering);
  });

  it('bills a raw socket that reads 1 MiB and closes within the stated bound of what it read: at most one slice under, at most the kernels\' socket buffers over', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'raw-socket@example.com');
    const path = stemPath(library().songId, library().stems.large.filename);
    const read = await readBodyThenClose(env.app.url, path, sessionHeader(browser), readBeforeHangingUp);
    expect(read.status).toBe(200);
    expect(read.bodyBytes).toBeGreaterThanOrEqual(readBeforeHangingUp);
    const [event] = await waitForMeteredStreams(env.app.store, user.id, 1);
    expect(event).toMatchObject({ aborted: true, range: null });
    expect(event!.bytesSent).toBeGreaterThanOrEqual(read.bodyBytes - writeChunkBytes);
    expect(event!.bytesSent).toBeLessThanOrEqual(read.bodyBytes + buffering);
  });

  it('meters a ranged response cut short the same way, with the range it was serving', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'seeker@example.com');
    const start = 4 << 20;
    const received = await readThenHangUp(`${env.app.url}${stemPath(library().songId, library().stems.large.filename)}`, { ...sessionHeader(browser), range: `bytes=${start}-` }, readBeforeHangingUp);
    const [event] = await waitForMeteredStreams(env.app.store, user.id, 1);
    expect(event).toMatchObject({ range: { start, end: largeBytes - 1 }, aborted: true });
    expect(event!.bytesSent).toBeGreaterThanOrEqual(received - writeChunkBytes);
    expect(event!.bytesSent).toBeLessThanOrEqual(received + buffering);
  });

  it('keeps serving after a client hung up, and meters the next complete response exactly', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'after@example.com');
    const received = await readThenHangUp(`${env.app.url}${stemPath(library().songId, library().stems.bass.filename)}`, sessionHeader(browser), Number.POSITIVE_INFINITY);
    expect(received).toBe(library().stems.bass.bytes);
    const [event] = await waitForMeteredStreams(env.app.store, user.id, 1);
    expect(event).toMatchObject({ bytesSent: received, aborted: false });
  });
});

/**
 * GET `url` with a plain http.get, count the body bytes as they arrive, and destroy the socket as
 * soon as `limit` have come (or read to the end). Resolves with the body bytes received.
 */
function readThenHangUp(url: string, headers: Record<string, string>, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = 0;
    const request = get(url, { headers }, (response) => {
      if (response.statusCode !== 200 && response.statusCode !== 206) {
        reject(new Error(`GET ${url} answered ${response.statusCode}`));
        return;
      }
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= limit) {
          response.socket.destroy();
          resolve(received);
        }
      });
      response.on('end', () => resolve(received));
    });
    request.on('error', (error) => (received >= limit ? resolve(received) : reject(error)));
  });
}
