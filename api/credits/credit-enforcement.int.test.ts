import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { expect, it, vi } from 'vitest';
import { bytesPerCredit } from '../../projections/credits/credit-rules';
import { creditSnapshotOf } from '../../projections/credits/credits-queries';
import { recordLapsedReservations } from '../features/stems/lapsed-reservations-job';
import { writeSliceBytes } from '../features/stems/send-metered-body';
import { fixtureSongLibraryForAll } from '../features/stems/testing/fixture-song-library';
import { socketBufferingBound } from '../features/stems/testing/socket-buffering';
import { meteredStreams, sessionHeader, stemPath, waitForMeteredStreams } from '../features/stems/testing/stem-requests';
import type { UsageStats as UsageStatsResponse } from '../../contract/usage-stats';
import { describeAppOnEveryDatabase } from '../testing/describe-app-on-every-database';
import type { TestBrowser } from '../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../testing/test-sign-in';
import { reservationTtlMs, reserveStreamBytes } from './credit-reservations';
import { fetchStem } from './testing/stem-fetch';
import { seedPro, seedPurchase, seedStreamed } from './testing/seed-credits';

const MiB = 1 << 20;
const largeBytes = 64 * MiB;
const october = new Date('2025-10-16T09:00:00.000Z');
const clock = testClock(october);
const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-credit-songs-'));

describeAppOnEveryDatabase('credit limits on the stem stream', { config: { authSecret: testAuthSecret, songsDir }, clock }, (env) => {
  const library = fixtureSongLibraryForAll(env, { largeBytes });

  const url = (filename: string) => `${env.app.url}${stemPath(library().songId, filename)}`;
  const stats = async (browser: TestBrowser) => {
    const response = await browser.get<UsageStatsResponse>('/api/usage/stats');
    expect(response.status).toBe(200);
    return response.body;
  };
  /** Wait until the credits read model has every stem response of the user recorded so far. */
  const projected = async (userId: number, count: number) => {
    await waitForMeteredStreams(env.app.store, userId, count);
    const recorded = await env.app.store.readStream(`metering-user-${userId}`);
    await env.app.projections.waitForPosition('credits', recorded.at(-1)!.position, { timeoutMs: 15_000 });
  };
  const reservationRows = async (userId: number) =>
    (await env.sql.query<{ n: number }>('SELECT count(*)::integer AS n FROM credit_reservations WHERE user_id = $1', [userId])).rows[0]!.n;

  it('with 1 credit left, 50 concurrent 3 MiB GETs serve at most 10 MiB in all, each whole or refused, and the balance never goes below nothing', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'one-credit@example.com');
    await seedStreamed(env.app, user.id, 199 * bytesPerCredit, new Date('2025-10-02T10:00:00.000Z'));
    expect((await stats(browser)).freeCredits).toEqual({ used: 199, total: 200, remaining: 1 });

    const seen: UsageStatsResponse[] = [];
    let running = true;
    const watcher = (async () => {
      while (running) seen.push(await stats(browser));
    })();
    const slice = { ...sessionHeader(browser), range: `bytes=0-${3 * MiB - 1}` };
    const results = await Promise.all(Array.from({ length: 50 }, () => fetchStem(url(library().stems.large.filename), { headers: slice })));
    running = false;
    await watcher;

    const served = results.filter((result) => result.status === 206);
    const refused = results.filter((result) => result.status === 403);
    expect(served.length + refused.length).toBe(50);
    expect(served.length).toBeGreaterThanOrEqual(1);
    // The documented tolerance is none: what is left (10 MiB) covers three of them, whole.
    expect(served.length).toBeLessThanOrEqual(3);
    expect(served.every((result) => result.complete && result.received === 3 * MiB)).toBe(true);
    expect(refused.every((result) => result.received === 0 || result.received < 1024)).toBe(true);

    await projected(user.id, served.length + 1);
    const billed = (await meteredStreams(env.app.store, user.id)).filter((event) => event.filename === library().stems.large.filename).reduce((sum, event) => sum + event.bytesSent, 0);
    expect(billed).toBe(served.length * 3 * MiB);
    expect(billed).toBeLessThanOrEqual(bytesPerCredit);
    const after = await stats(browser);
    expect((await creditSnapshotOf(env.sql, user.id, clock.now())).overdrawnCredits).toBe(0);
    for (const figures of [...seen, after]) {
      expect(figures.freeCredits.remaining).toBeGreaterThanOrEqual(0);
      expect(figures.totalCredits.used).toBeLessThanOrEqual(figures.totalCredits.available);
    }
    // Spent down to less than 3 MiB: refused, and the settled holds are gone once the read model has them.
    expect((await fetchStem(url(library().stems.large.filename), { headers: slice })).status).toBe(403);
    expect(await reservationRows(user.id)).toBe(0);
  });

  it('refuses, before any body byte, a GET that what is left does not cover: a 403, never a 200 cut short', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'crossing@example.com');
    const headers = sessionHeader(browser);
    await seedStreamed(env.app, user.id, 199 * bytesPerCredit, new Date('2025-10-02T10:00:00.000Z'));
    // 10 MiB left: the whole 64 MiB stem, and a range one byte over, cross the limit.
    for (const range of [undefined, `bytes=0-${bytesPerCredit}`]) {
      const refused = await fetchStem(url(library().stems.large.filename), { headers: range === undefined ? headers : { ...headers, range } });
      expect(refused).toMatchObject({ status: 403, complete: true });
      expect(refused.received).toBeLessThan(1024);
    }
    expect(await meteredStreams(env.app.store, user.id)).toHaveLength(1);
    expect(await reservationRows(user.id)).toBe(0);
    // Exactly what is left is served whole.
    const exact = await fetchStem(url(library().stems.large.filename), { headers: { ...headers, range: `bytes=0-${bytesPerCredit - 1}` } });
    expect(exact).toMatchObject({ status: 206, received: bytesPerCredit, complete: true });
    await projected(user.id, 2);
    expect((await stats(browser)).freeCredits).toEqual({ used: 200, total: 200, remaining: 0 });
  });

  it('refuses the HEAD of a stem larger than what is left, and answers it for one that fits, spending nothing', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'almost-spent@example.com');
    await seedStreamed(env.app, user.id, 199 * bytesPerCredit, new Date('2025-10-02T10:00:00.000Z'));
    // 1 credit (10 MiB) left: the 64 MiB stem would be cut short, the 100 KB one fits.
    expect((await fetchStem(url(library().stems.large.filename), { method: 'HEAD', headers: sessionHeader(browser) })).status).toBe(403);
    expect((await fetchStem(url(library().stems.bass.filename), { method: 'HEAD', headers: sessionHeader(browser) })).status).toBe(200);
    expect(await meteredStreams(env.app.store, user.id)).toHaveLength(1);
    expect(await reservationRows(user.id)).toBe(0);
    expect((await stats(browser)).freeCredits).toEqual({ used: 199, total: 200, remaining: 1 });
  });

  it("asks the database once for the player's burst of HEADs (session and credits), and sees a GET or a purchase at once", async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'burst@example.com');
    const headers = sessionHeader(browser);
    await seedStreamed(env.app, user.id, 199 * bytesPerCredit, new Date('2025-10-02T10:00:00.000Z'));
    // Past the second the sign-in's session stays kept on the app's clock: the burst finds it lapsed.
    clock.set(new Date(october.getTime() + 5_000));
    const asked = vi.spyOn(env.sql, 'query');
    const admissions = () => asked.mock.calls.filter(([, , options]) => options?.name === 'credit_admission').length;
    const sessionLookups = () => asked.mock.calls.filter(([text]) => text.includes('FROM sessions s')).length;
    try {
      // One HEAD per stem, all at once, as the player loads a song (spec 000 section 5).
      const { bass, oddName, empty } = library().stems;
      const burst = await Promise.all([bass, oddName, empty, bass, oddName, empty].map((stem) => fetchStem(url(stem.filename), { method: 'HEAD', headers })));
      expect(burst.map((head) => head.status)).toEqual(Array(6).fill(200));
      expect(admissions()).toBe(1);
      expect(sessionLookups()).toBe(1);

      // The last credit streamed here: the admission kept above goes with the GET's reservation.
      expect(await fetchStem(url(library().stems.large.filename), { headers: { ...headers, range: `bytes=0-${bytesPerCredit - 1}` } })).toMatchObject({ status: 206, complete: true });
      expect((await fetchStem(url(library().stems.bass.filename), { method: 'HEAD', headers })).status).toBe(403);
      // A refusal is never kept: a pack bought lets the very next HEAD through.
      await seedPurchase(env.app, user.id, 100, october);
      expect((await fetchStem(url(library().stems.bass.filename), { method: 'HEAD', headers })).status).toBe(200);
    } finally {
      asked.mockRestore();
    }
  });

  it('bills nothing for 1,000 HEADs', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'heads@example.com');
    await seedStreamed(env.app, user.id, 5 * bytesPerCredit + 3, new Date('2025-10-03T10:00:00.000Z'));
    const before = await stats(browser);
    for (let batch = 0; batch < 50; batch++) {
      const heads = await Promise.all(Array.from({ length: 20 }, () => fetchStem(url(library().stems.large.filename), { method: 'HEAD', headers: sessionHeader(browser) })));
      expect(heads.map((head) => head.status)).toEqual(Array(20).fill(200));
    }
    expect(await meteredStreams(env.app.store, user.id)).toHaveLength(1);
    expect(await reservationRows(user.id)).toBe(0);
    expect(await stats(browser)).toEqual(before);
  });

  it('bills the browser range pattern (probe, aborted whole file, tail) on the bytes written, within the socket buffers per aborted request', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'ranges@example.com');
    const headers = sessionHeader(browser);
    const stem = url(library().stems.large.filename);
    const probe = await fetchStem(stem, { headers: { ...headers, range: 'bytes=0-1' } });
    expect(probe).toMatchObject({ status: 206, received: 2, complete: true });
    const aborted = await fetchStem(stem, { headers: { ...headers, range: 'bytes=0-' }, hangUpAfter: 3 * MiB });
    expect(aborted.status).toBe(206);
    expect(aborted.complete).toBe(false);
    const tail = await fetchStem(stem, { headers: { ...headers, range: `bytes=${largeBytes - 200_000}-` } });
    expect(tail).toMatchObject({ status: 206, received: 200_000, complete: true });

    await projected(user.id, 3);
    const events = await meteredStreams(env.app.store, user.id);
    const billed = events.reduce((sum, event) => sum + event.bytesSent, 0);
    const received = probe.received + aborted.received + tail.received;
    // Decision 0010's bound for the one aborted request: a reset leaves at most the slice it cut
    // unbilled, and what the two kernels buffered when it hung up is billed.
    expect(billed).toBeGreaterThanOrEqual(received - writeSliceBytes);
    expect(billed).toBeLessThanOrEqual(received + socketBufferingBound());
    const figures = await stats(browser);
    expect(figures.totalBytesStreamed).toBe(billed);
    expect(figures.freeCredits.used).toBe(Math.ceil(billed / bytesPerCredit));
    // The whole-file request reserved 64 MiB; once settled, only what it sent is held.
    expect(await reservationRows(user.id)).toBeLessThanOrEqual(3);
    const next = await fetchStem(url(library().stems.bass.filename), { headers });
    expect(next).toMatchObject({ status: 200, complete: true });
    expect(await reservationRows(user.id)).toBe(1);
  });

  it('resets free credits on the 1st (UTC) and bills a stream that crosses midnight to the month it started in', async () => {
    clock.set(new Date('2025-10-31T23:59:00.000Z'));
    const { browser, user } = await signInWithCode(env.app.url, 'rollover@example.com');
    const headers = sessionHeader(browser);
    await seedStreamed(env.app, user.id, 199 * bytesPerCredit + 5, new Date('2025-10-10T10:00:00.000Z'));

    // Started on 31 October, still streaming when November begins: the last bytes October has.
    const crossing = await fetchStem(url(library().stems.large.filename), {
      headers: { ...headers, range: `bytes=0-${bytesPerCredit - 6}` },
      onHeaders: () => clock.set(new Date('2025-11-01T00:00:30.000Z')),
    });
    expect(crossing).toMatchObject({ status: 206, complete: true });
    await projected(user.id, 2);
    const [, event] = await meteredStreams(env.app.store, user.id);
    expect(event!.startedAt).toBe('2025-10-31T23:59:00.000Z');

    const november = await stats(browser);
    expect(november.billingPeriodStart).toBe('2025-11-01T00:00:00.000Z');
    expect(november.freeCredits).toEqual({ used: 0, total: 200, remaining: 200 });
    expect(november.totalBytesStreamed).toBe(200 * bytesPerCredit);
    expect((await fetchStem(url(library().stems.bass.filename), { method: 'HEAD', headers })).status).toBe(200);

    clock.set(new Date('2025-10-31T23:59:59.999Z'));
    const october31 = await stats(browser);
    expect(october31.billingPeriodStart).toBe('2025-10-01T00:00:00.000Z');
    expect(october31.freeCredits).toEqual({ used: 200, total: 200, remaining: 0 });
    expect((await fetchStem(url(library().stems.bass.filename), { method: 'HEAD', headers })).status).toBe(403);
  });

  it('spends a pack only after the month\'s free credits', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'pack@example.com');
    const headers = sessionHeader(browser);
    await seedStreamed(env.app, user.id, 200 * bytesPerCredit, new Date('2025-10-04T10:00:00.000Z'));
    expect((await fetchStem(url(library().stems.bass.filename), { method: 'HEAD', headers })).status).toBe(403);

    await seedPurchase(env.app, user.id, 100, october);
    expect((await stats(browser)).paidCredits).toEqual({ remaining: 100, total: 100 });
    expect((await fetchStem(url(library().stems.bass.filename), { method: 'HEAD', headers })).status).toBe(200);
    const got = await fetchStem(url(library().stems.large.filename), { headers: { ...headers, range: `bytes=0-${15 * MiB - 1}` } });
    expect(got).toMatchObject({ status: 206, complete: true });
    await projected(user.id, 2);
    expect(await stats(browser)).toMatchObject({
      totalCredits: { used: 202, available: 300 },
      freeCredits: { used: 200, total: 200, remaining: 0 },
      paidCredits: { remaining: 98, total: 100 },
    });
  });

  it('lets Pro stream without limit, still recording the usage', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'pro@example.com');
    const headers = sessionHeader(browser);
    await seedStreamed(env.app, user.id, 200 * bytesPerCredit, new Date('2025-10-05T10:00:00.000Z'));
    await seedPro(env.app, user.id, october);
    expect((await fetchStem(url(library().stems.large.filename), { method: 'HEAD', headers })).status).toBe(200);
    const whole = await Promise.all([1, 2].map(() => fetchStem(url(library().stems.large.filename), { headers })));
    expect(whole.map((result) => [result.status, result.complete])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(await reservationRows(user.id)).toBe(0);
    await projected(user.id, 3);
    const figures = await stats(browser);
    expect(figures.hasActiveSubscription).toBe(true);
    expect(figures.freeCredits).toEqual({ used: 200, total: 200, remaining: 0 });
    expect(figures.totalBytesStreamed).toBe(200 * bytesPerCredit + 2 * largeBytes);
    expect(figures.totalCredits.used).toBe(200 + Math.ceil((2 * largeBytes) / bytesPerCredit));
  });

  it('bills the reservation of a process that never settled it as spent once it lapses, never granting its credits again', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'crashed@example.com');
    const headers = sessionHeader(browser);
    const stem = library().stems.large.filename;
    await seedStreamed(env.app, user.id, 199 * bytesPerCredit, new Date('2025-10-06T10:00:00.000Z'));
    // What a process killed mid-stream leaves: a reservation of 8 MiB, reserved as the gate
    // reserves, that nobody settles or extends.
    const killed = await reserveStreamBytes(env.sql, user.id, 8 * MiB, clock.now(), clock.now(), { songId: library().songId, filename: stem, range: { start: 0, end: 8 * MiB - 1 } });
    expect(killed).toMatchObject({ granted: true, bytes: 8 * MiB });
    const threeMiB = { ...headers, range: `bytes=0-${3 * MiB - 1}` };
    expect((await fetchStem(url(stem), { headers: threeMiB })).status).toBe(403);

    // Lapsed: still spent, so the 3 MiB the 2 MiB left cannot cover are still refused.
    clock.advance(reservationTtlMs + 1_000);
    expect((await fetchStem(url(stem), { headers: threeMiB })).status).toBe(403);
    expect((await fetchStem(url(stem), { method: 'HEAD', headers: threeMiB })).status).toBe(403);

    // The sweep records it in the log as a response of all it held, under the reservation's id, once.
    const deps = { sql: env.sql, store: env.app.store, clock, log: pino({ level: 'silent' }) };
    expect(await recordLapsedReservations(deps)).toBe(1);
    expect(await recordLapsedReservations(deps)).toBe(0);
    await projected(user.id, 2);
    const events = await env.app.store.readStream(`metering-user-${user.id}`);
    expect(events.at(-1)?.eventId).toBe((killed as { id: string }).id);
    expect((await meteredStreams(env.app.store, user.id)).at(-1)).toEqual({
      userId: user.id,
      songId: library().songId,
      filename: stem,
      bytesSent: 8 * MiB,
      range: { start: 0, end: 8 * MiB - 1 },
      aborted: true,
      startedAt: october.toISOString(),
    });
    const figures = await stats(browser);
    expect(figures.totalBytesStreamed).toBe(199 * bytesPerCredit + 8 * MiB);
    expect(figures.freeCredits).toEqual({ used: 200, total: 200, remaining: 0 });
    // Counted once: the read model has it, the hold goes, and 2 MiB are left, no more, no less.
    expect((await fetchStem(url(stem), { headers: threeMiB })).status).toBe(403);
    expect(await fetchStem(url(stem), { headers: { ...headers, range: `bytes=0-${2 * MiB - 1}` } })).toMatchObject({ status: 206, complete: true });
    expect(await reservationRows(user.id)).toBe(1);
  });

  it('bills a response whose reservation lapsed while it still streamed once: its own event, or the lapse, never both', async () => {
    clock.set(october);
    const { browser, user } = await signInWithCode(env.app.url, 'stalled@example.com');
    const headers = sessionHeader(browser);
    const deps = { sql: env.sql, store: env.app.store, clock, log: pino({ level: 'silent' }) };
    const appends = vi.spyOn(env.app.store, 'append');
    const meteringAppends = () => appends.mock.calls.flatMap(([streamId], index) => (streamId === `metering-user-${user.id}` ? [appends.mock.results[index]!.value] : []));
    try {
      // The client reads nothing for a while, so the response stalls mid-body (64 MiB is more than
      // the socket buffers take here) while its reservation lapses and is recorded as spent.
      const stalled = await fetchStem(url(library().stems.large.filename), {
        headers,
        onHeaders: async () => {
          clock.advance(reservationTtlMs + 1_000);
          expect(await recordLapsedReservations(deps)).toBe(1);
        },
      });
      expect(stalled).toMatchObject({ status: 200, complete: true });
      // Both appends tried, the sweep's and the response's own (one of them refused: same id).
      while (meteringAppends().length < 2) await new Promise((resolve) => setTimeout(resolve, 25));
      await Promise.allSettled(meteringAppends());
    } finally {
      appends.mockRestore();
    }
    await projected(user.id, 1);
    const events = await meteredStreams(env.app.store, user.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ filename: library().stems.large.filename, bytesSent: largeBytes });
    if (largeBytes > socketBufferingBound()) expect(events[0]!.aborted).toBe(true);
    expect((await stats(browser)).totalBytesStreamed).toBe(largeBytes);
  });

  it('gives the same figures after the credits read model is rebuilt from the log', async () => {
    const users = ['one-credit', 'crossing', 'heads', 'ranges', 'rollover', 'pack', 'pro', 'crashed', 'stalled'];
    const browsers = await Promise.all(users.map(async (name) => (await signInWithCode(env.app.url, `${name}@example.com`)).browser));
    for (const at of [october, new Date('2025-11-02T00:00:00.000Z')]) {
      clock.set(at);
      const before = await Promise.all(browsers.map(stats));
      const outcome = await env.app.projections.rebuild('credits');
      expect(outcome.kind).toBe('swapped');
      expect(await Promise.all(browsers.map(stats))).toEqual(before);
    }
  });
});
