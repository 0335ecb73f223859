import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { newEvent } from '../../../events/catalog';
import { bytesPerCredit } from '../../../projections/credits/credit-rules';
import { seedPurchase, seedStreamed } from '../../credits/testing/seed-credits';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import type { UsageStats } from '../../../contract/usage-stats';
import type { AuditEventsPage, CreditAdjustmentRecorded } from '../../../contract/admin';
import { eventsInLog } from './testing/events-in-log';

const clock = testClock(new Date('2025-10-16T09:00:00.000Z'));

describeAppOnEveryDatabase('admin audit', { config: { authSecret: testAuthSecret, adminEmails: ['admin@example.com'] }, clock }, (env) => {
  it('pages a user\'s history newest first with a cursor, filtered by type, without other users\' events', async () => {
    const { browser: admin } = await signInWithCode(env.app.url, 'admin@example.com');
    const { user } = await signInWithCode(env.app.url, 'audited@example.com');
    const { user: other } = await signInWithCode(env.app.url, 'other@example.com');
    for (let day = 1; day <= 5; day++) await seedStreamed(env.app, user.id, day * 1_000, new Date(`2025-10-0${day}T10:00:00.000Z`));
    await seedStreamed(env.app, other.id, 77, new Date('2025-10-03T10:00:00.000Z'));
    await seedPurchase(env.app, user.id, 100, new Date('2025-10-06T10:00:00.000Z'));
    // Song 4 is in the library under its title; the page names it so the audit can show it.
    const meta = { eventId: randomUUID(), occurredAt: '2025-10-07T09:00:00.000Z', userId: null, requestId: 'r', causationId: 'r', correlationId: 'r' };
    const files = { directory: '/songs/tighten-up', stems: [], durationSeconds: null, hasLyrics: false, chordInstruments: [], sections: [], problems: [] };
    const catalogued = await env.app.store.append(
      'song-4',
      [newEvent('SongCatalogued', { songId: 4, folder: 'tighten-up', files, metadata: { title: 'Tighten Up', genre: null, genre2: null, key: null, bpm: null, difficulty: null } }, meta)],
      { expectedVersion: 'any' },
    );
    await env.app.projections.waitForPosition('songs', catalogued.position, { timeoutMs: 15_000 });
    const last = await env.app.store.append(
      `library-user-${user.id}`,
      [newEvent('SongPlayed', { userId: user.id, songId: 4 }, { eventId: randomUUID(), occurredAt: '2025-10-07T10:00:00.000Z', userId: user.id, requestId: 'r', causationId: 'r', correlationId: 'r' })],
      { expectedVersion: 'any' },
    );
    await env.app.projections.waitForPosition('user-event-history', last.position, { timeoutMs: 15_000 });

    const all = await admin.get<AuditEventsPage>(`/api/admin/users/${user.id}/events`);
    expect(all.status).toBe(200);
    // Registered and signed in (one request), five streams, a pack, a song loaded: newest first.
    expect(all.body.events.map((event) => event.type)).toEqual([
      'SongPlayed',
      'CreditsPurchased',
      ...Array(5).fill('StemStreamed'),
      'UserSignedIn',
      'UserRegistered',
    ]);
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.songTitles).toEqual({ '4': 'Tighten Up' });
    expect(all.body.events[0]).toEqual({
      position: last.position,
      eventId: expect.any(String),
      type: 'SongPlayed',
      occurredAt: '2025-10-07T10:00:00.000Z',
      actorUserId: user.id,
      data: { userId: user.id, songId: 4 },
    });
    const positions = all.body.events.map((event) => event.position);
    expect([...positions].sort().reverse()).toEqual(positions);

    // Pages of 2 walk the same history with no gap and no repeat.
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? '' : `&before=${encodeURIComponent(cursor)}`;
      const page: AuditEventsPage = (await admin.get<AuditEventsPage>(`/api/admin/users/${user.id}/events?limit=2${query}`)).body;
      expect(page.events.length).toBeLessThanOrEqual(2);
      paged.push(...page.events.map((event) => event.position));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(paged).toEqual(positions);
    expect(pages).toBe(5);

    const streams = await admin.get<AuditEventsPage>(`/api/admin/users/${user.id}/events?type=StemStreamed&limit=3`);
    expect(streams.body.events.map((event) => event.data.bytesSent)).toEqual([5_000, 4_000, 3_000]);
    const rest = await admin.get<AuditEventsPage>(`/api/admin/users/${user.id}/events?type=StemStreamed&limit=3&before=${encodeURIComponent(streams.body.nextCursor!)}`);
    expect(rest.body).toMatchObject({ nextCursor: null });
    expect(rest.body.events.map((event) => event.data.bytesSent)).toEqual([2_000, 1_000]);
    const two = await admin.get<AuditEventsPage>(`/api/admin/users/${user.id}/events?type=CreditsPurchased,SongPlayed`);
    expect(two.body.events.map((event) => event.type)).toEqual(['SongPlayed', 'CreditsPurchased']);
    const repeated = await admin.get<AuditEventsPage>(`/api/admin/users/${user.id}/events?type=CreditsPurchased&type=UserRegistered`);
    expect(repeated.body.events.map((event) => event.type)).toEqual(['CreditsPurchased', 'UserRegistered']);
  });

  it('answers 400 to bad paging or types and 404 to an unknown user', async () => {
    const { browser: admin, user } = await signInWithCode(env.app.url, 'admin@example.com');
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'type=NoSuchEvent', 'type=StemStreamed,Nope', 'before=%27%3B--', 'page=2']) {
      const bad = await admin.get<{ error: { code: string } }>(`/api/admin/users/${user.id}/events?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.code).toBe('invalid_request');
    }
    expect((await admin.get('/api/admin/users/0/events')).status).toBe(400);
    expect((await admin.get('/api/admin/users/424242/events')).status).toBe(404);
  });

  it('adjusts a user\'s credits: in the user\'s usage figures and the audit at once, the administrator as actor', async () => {
    const { browser: admin, user: adminUser } = await signInWithCode(env.app.url, 'admin@example.com');
    const { browser, user } = await signInWithCode(env.app.url, 'adjusted@example.com');
    await seedStreamed(env.app, user.id, 250 * bytesPerCredit, new Date('2025-10-02T10:00:00.000Z'));
    const stats = async () => (await browser.get<UsageStats>('/api/usage/stats')).body;
    expect((await stats()).paidCredits).toEqual({ remaining: 0, total: 0 });

    const granted = await admin.post<CreditAdjustmentRecorded>(`/api/admin/users/${user.id}/credit-adjustments`, { credits: 80, reason: '  stream not metered on 2025-10-09 ' });
    expect(granted.status).toBe(201);
    expect(granted.body).toEqual({ userId: user.id, credits: 80, reason: 'stream not metered on 2025-10-09', paidCreditsRemaining: 80 });
    expect((await stats()).paidCredits).toEqual({ remaining: 80, total: 80 });

    const taken = await admin.post<CreditAdjustmentRecorded>(`/api/admin/users/${user.id}/credit-adjustments`, { credits: -30, reason: 'goodwill grant reversed' });
    expect(taken.body.paidCreditsRemaining).toBe(50);
    expect((await stats()).paidCredits).toEqual({ remaining: 50, total: 50 });

    const audit = (await admin.get<AuditEventsPage>(`/api/admin/users/${user.id}/events?type=CreditsAdjusted`)).body.events;
    expect(audit.map((event) => [event.data, event.actorUserId])).toEqual([
      [{ userId: user.id, credits: -30, reason: 'goodwill grant reversed' }, adminUser.id],
      [{ userId: user.id, credits: 80, reason: 'stream not metered on 2025-10-09' }, adminUser.id],
    ]);
  });

  it('refuses a non-admin (403), bad bodies (400) and unknown users (404), appending nothing', async () => {
    const { browser: admin } = await signInWithCode(env.app.url, 'admin@example.com');
    const { browser: regular, user } = await signInWithCode(env.app.url, 'sneaky@example.com');
    const before = await eventsInLog(env.app, ['CreditsAdjusted']);
    const path = `/api/admin/users/${user.id}/credit-adjustments`;

    expect((await regular.post(path, { credits: 1_000, reason: 'for me' })).status).toBe(403);
    expect((await regular.get(`/api/admin/users/${user.id}/events`)).status).toBe(403);
    for (const body of [
      {},
      { credits: 0, reason: 'nothing' },
      { credits: 1.5, reason: 'half' },
      { credits: '10', reason: 'text' },
      { credits: 100_001, reason: 'too many' },
      { credits: 10 },
      { credits: 10, reason: '   ' },
      { credits: 10, reason: 'x'.repeat(501) },
      { credits: 10, reason: 'ok', userId: 1 },
    ]) {
      const bad = await admin.post<{ error: { code: string } }>(path, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.code).toBe('invalid_request');
    }
    expect((await admin.post('/api/admin/users/424242/credit-adjustments', { credits: 10, reason: 'nobody' })).status).toBe(404);
    expect((await admin.post('/api/admin/users/abc/credit-adjustments', { credits: 10, reason: 'nobody' })).status).toBe(400);
    expect(await eventsInLog(env.app, ['CreditsAdjusted'])).toEqual(before);
    expect((await regular.get<UsageStats>('/api/usage/stats')).body.paidCredits).toEqual({ remaining: 0, total: 0 });
  });
});
