import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { fixtureSongLibraryForAll } from './testing/fixture-song-library';
import { meteredStreams, rawRequest, sessionHeader, stemPath, waitForMeteredStreams } from './testing/stem-requests';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-songs-'));

describeAppOnEveryDatabase('stem stream', { config: { authSecret: testAuthSecret, songsDir } }, (env) => {
  const library = fixtureSongLibraryForAll(env, { largeBytes: 1 << 20 });

  const signIn = async (email: string) => {
    const { browser, user } = await signInWithCode(env.app.url, email);
    return { userId: user.id, headers: sessionHeader(browser) };
  };
  const bassPath = () => stemPath(library().songId, library().stems.bass.filename);

  it('sends the whole stem with its validators and meters exactly the bytes received', async () => {
    const { userId, headers } = await signIn('full@example.com');
    const requestedAt = Date.now();
    const response = await rawRequest(env.app.url, 'GET', bassPath(), headers);
    expect(response.status).toBe(200);
    expect(response.body.equals(library().stems.bass.content!)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-length': String(library().stems.bass.bytes),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-cache',
    });
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(response.headers['last-modified'] ?? '')).not.toBeNaN();
    expect(response.headers['content-range']).toBeUndefined();

    const events = await waitForMeteredStreams(env.app.store, userId, 1);
    expect(events).toEqual([{ userId, songId: library().songId, filename: 'bass.mp3', bytesSent: response.body.length, range: null, aborted: false, startedAt: expect.any(String) }]);
    // The month billed is the one the response started in (docs/decisions/0017-credits-and-reservations.md).
    expect(Date.parse(events[0]!.startedAt!)).toBeGreaterThanOrEqual(requestedAt);
    expect(Date.parse(events[0]!.startedAt!)).toBeLessThanOrEqual(Date.now());
  });

  it('is never compressed, whatever the browser accepts: the bytes sent are the bytes metered (decision 0027)', async () => {
    const { userId, headers } = await signIn('uncompressed@example.com');
    const response = await rawRequest(env.app.url, 'GET', bassPath(), { ...headers, 'Accept-Encoding': 'br, gzip, deflate' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(library().stems.bass.bytes));
    expect(response.body.equals(library().stems.bass.content!)).toBe(true);
    const events = await waitForMeteredStreams(env.app.store, userId, 1);
    expect(events.map((event) => event.bytesSent)).toEqual([library().stems.bass.bytes]);
  });

  it('answers each single byte range with 206 and meters each response once, with its range', async () => {
    const { userId, headers } = await signIn('ranges@example.com');
    const content = library().stems.bass.content!;
    const size = content.length;
    const cases = [
      { header: 'bytes=0-0', start: 0, end: 0 },
      { header: 'bytes=-1', start: size - 1, end: size - 1 },
      { header: 'bytes=-500', start: size - 500, end: size - 1 },
      { header: 'bytes=99000-', start: 99_000, end: size - 1 },
      { header: 'bytes=10-20', start: 10, end: 20 },
      { header: 'bytes=100000-999999', start: 100_000, end: size - 1 },
      { header: 'bytes=-999999', start: 0, end: size - 1 },
    ];
    for (const { header, start, end } of cases) {
      const response = await rawRequest(env.app.url, 'GET', bassPath(), { ...headers, range: header });
      expect(response.status, header).toBe(206);
      expect(response.headers['content-range'], header).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers['content-length'], header).toBe(String(end - start + 1));
      expect(response.body.equals(content.subarray(start, end + 1)), header).toBe(true);
    }
    const events = await waitForMeteredStreams(env.app.store, userId, cases.length);
    expect(events).toHaveLength(cases.length);
    expect(new Set(events.map((event) => `${event.range?.start}-${event.range?.end}:${event.bytesSent}:${event.aborted}`))).toEqual(
      new Set(cases.map(({ start, end }) => `${start}-${end}:${end - start + 1}:false`)),
    );
  });

  it('answers bad, past-the-end and multiple ranges with 416 and bytes */size, and meters none of them', async () => {
    const user = await signIn('bad-ranges@example.com');
    const { headers } = user;
    const size = library().stems.bass.bytes;
    for (const header of [`bytes=${size}-`, 'bytes=200000-300000', 'bytes=5-1', 'bytes=abc', 'bytes=', 'bytes=-0', 'bytes=0-0,-1', 'bytes=0-10, 20-30']) {
      const response = await rawRequest(env.app.url, 'GET', bassPath(), { ...headers, range: header });
      expect(response.status, header).toBe(416);
      expect(response.headers['content-range'], header).toBe(`bytes */${size}`);
      expect(response.headers['content-type'], header).toMatch(/^application\/json/);
      expect(JSON.parse(response.body.toString()).error.code, header).toBe('range_not_satisfiable');
    }
    // A range unit other than bytes is ignored (RFC 9110 14.2): the whole file.
    const otherUnit = await rawRequest(env.app.url, 'GET', bassPath(), { ...headers, range: 'items=0-1' });
    expect(otherUnit.status).toBe(200);
    expect(otherUnit.body.length).toBe(size);
    const events = await settledStreams(user, 1);
    expect(events).toEqual([expect.objectContaining({ bytesSent: size, range: null, aborted: false })]);
  });

  it('answers HEAD with the headers of GET and no body, and meters nothing', async () => {
    const user = await signIn('head@example.com');
    const { headers } = user;
    const whole = await rawRequest(env.app.url, 'HEAD', bassPath(), headers);
    expect(whole.status).toBe(200);
    expect(whole.body.length).toBe(0);
    expect(whole.headers).toMatchObject({ 'content-type': 'audio/mpeg', 'content-length': String(library().stems.bass.bytes), 'accept-ranges': 'bytes' });
    const ranged = await rawRequest(env.app.url, 'HEAD', bassPath(), { ...headers, range: 'bytes=0-0' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-0/${library().stems.bass.bytes}`);
    expect(ranged.body.length).toBe(0);
    expect((await rawRequest(env.app.url, 'HEAD', bassPath(), { ...headers, range: 'bytes=0-0,5-5' })).status).toBe(416);
    expect(await settledStreams(user, 0)).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since, writing no body and metering nothing', async () => {
    const user = await signIn('cached@example.com');
    const { headers } = user;
    const head = await rawRequest(env.app.url, 'HEAD', bassPath(), headers);
    const etag = head.headers.etag!;
    const lastModified = head.headers['last-modified']!;
    const conditionals: Array<Record<string, string>> = [{ 'if-none-match': etag }, { 'if-none-match': `"nope", W/${etag}` }, { 'if-modified-since': lastModified }];
    for (const conditional of conditionals) {
      const response = await rawRequest(env.app.url, 'GET', bassPath(), { ...headers, ...conditional, range: 'bytes=0-9' });
      expect(response.status).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
    const changed = await rawRequest(env.app.url, 'GET', bassPath(), { ...headers, 'if-none-match': '"an-older-version"' });
    expect(changed.status).toBe(200);
    const events = await settledStreams(user, 1);
    expect(events).toEqual([expect.objectContaining({ bytesSent: library().stems.bass.bytes, range: null })]);
  });

  it('honours If-Range: the range when the ETag still matches, the whole stem when it does not', async () => {
    const { userId, headers } = await signIn('if-range@example.com');
    const etag = (await rawRequest(env.app.url, 'HEAD', bassPath(), headers)).headers.etag!;
    const current = await rawRequest(env.app.url, 'GET', bassPath(), { ...headers, range: 'bytes=0-99', 'if-range': etag });
    expect(current.status).toBe(206);
    expect(current.body.length).toBe(100);
    const stale = await rawRequest(env.app.url, 'GET', bassPath(), { ...headers, range: 'bytes=0-99', 'if-range': '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(library().stems.bass.content!)).toBe(true);
    const events = await waitForMeteredStreams(env.app.store, userId, 2);
    expect(events.map((event) => [event.range, event.bytesSent]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [{ start: 0, end: 99 }, 100],
      [null, library().stems.bass.bytes],
    ]);
  });

  it('serves odd file names and empty stems, each metered', async () => {
    const { userId, headers } = await signIn('odd@example.com');
    const odd = await rawRequest(env.app.url, 'GET', stemPath(library().songId, library().stems.oddName.filename), headers);
    expect(odd.status).toBe(200);
    expect(odd.headers['content-type']).toBe('audio/ogg');
    expect(odd.body.equals(library().stems.oddName.content!)).toBe(true);
    const empty = await rawRequest(env.app.url, 'GET', stemPath(library().songId, library().stems.empty.filename), headers);
    expect(empty.status).toBe(200);
    expect(empty.headers['content-type']).toBe('audio/wav');
    expect(empty.headers['content-length']).toBe('0');
    expect((await rawRequest(env.app.url, 'GET', stemPath(library().songId, library().stems.empty.filename), { ...headers, range: 'bytes=0-0' })).status).toBe(416);
    const events = await waitForMeteredStreams(env.app.store, userId, 2);
    expect(events.map(({ filename, bytesSent, aborted }) => ({ filename, bytesSent, aborted })).sort((a, b) => a.bytesSent - b.bytesSent)).toEqual([
      { filename: library().stems.empty.filename, bytesSent: 0, aborted: false },
      { filename: library().stems.oddName.filename, bytesSent: library().stems.oddName.bytes, aborted: false },
    ]);
  });

  it('answers visitors 401 in JSON, for GET and HEAD', async () => {
    const get = await rawRequest(env.app.url, 'GET', bassPath());
    expect(get.status).toBe(401);
    expect(JSON.parse(get.body.toString())).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in.' } });
    expect((await rawRequest(env.app.url, 'HEAD', bassPath())).status).toBe(401);
    expect((await rawRequest(env.app.url, 'GET', bassPath(), { cookie: 'woodshed_session=forged' })).status).toBe(401);
  });

  /**
   * The user's events once responses sent before now have closed: a barrier GET of a small stem
   * is sent last and waited for, so an event wrongly appended for an earlier response (which
   * closed before the barrier was even sent) would be there too. Returns the events without the
   * barrier's, after checking `expected` of them came before it.
   */
  async function settledStreams(user: { userId: number; headers: Record<string, string> }, expected: number) {
    const barrier = await rawRequest(env.app.url, 'GET', stemPath(library().songId, library().stems.oddName.filename), user.headers);
    expect(barrier.status).toBe(200);
    await waitForMeteredStreams(env.app.store, user.userId, expected + 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const events = await meteredStreams(env.app.store, user.userId);
    expect(events.filter((event) => event.filename === library().stems.oddName.filename)).toHaveLength(1);
    const others = events.filter((event) => event.filename !== library().stems.oddName.filename);
    expect(others).toHaveLength(expected);
    return others;
  }
});
