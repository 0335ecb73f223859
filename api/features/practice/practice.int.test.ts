import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { newEvent } from '../../../events/catalog';
import { practiceLog } from '../../../projections/practice-log/practice-log-projection';
import { rebuildProjection } from '../../../projections/runtime/rebuild';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import type { PracticeSummary as PracticeSummaryResponse } from '../../../contract/practice';
import { practiceStream } from './practice-router';

const clock = testClock(new Date('2026-11-24T12:00:00.000Z'));

describeAppOnEveryDatabase('practice log', { config: { authSecret: testAuthSecret }, clock }, (env) => {
  const catalogue = async (songId: number, title: string) => {
    const meta = { eventId: randomUUID(), occurredAt: clock.now().toISOString(), userId: null, requestId: 'r', causationId: 'r', correlationId: 'r' };
    const files = { directory: `/songs/${songId}`, stems: [], durationSeconds: 180, hasLyrics: false, chordInstruments: [], sections: [], problems: [] };
    const metadata = { title, genre: null, genre2: null, key: null, bpm: null, difficulty: null };
    const { position } = await env.app.store.append(`song-${songId}`, [newEvent('SongCatalogued', { songId, folder: `song-${songId}`, files, metadata }, meta)], {
      expectedVersion: 'any',
    });
    await env.app.projections.waitForPosition('songs', position, { timeoutMs: 10_000 });
  };
  const session = (fields: Partial<Record<string, unknown>> = {}) => ({
    sessionId: randomUUID(),
    songId: 1,
    startedAt: '2026-11-24T10:00:00.000Z',
    localDate: '2026-11-24',
    secondsPractised: 600,
    tempo: 1,
    transpose: 0,
    loop: null,
    mutedStems: [],
    ...fields,
  });
  const eventsOf = async (userId: number) => (await env.app.store.readStream(practiceStream(userId))).length;

  it('records sessions once each and sums them per day, per song and per loop, with the streak', async () => {
    await catalogue(1, 'Tighten Up');
    await catalogue(2, 'Superstition');
    const { browser, user } = await signInWithCode(env.app.url, 'drummer@example.com');
    const loop = { startSeconds: 30, endSeconds: 45.5 };
    const sessions = [
      session({ localDate: '2026-11-22', startedAt: '2026-11-22T18:00:00.000Z', secondsPractised: 900, loop, tempo: 0.7, mutedStems: ['drums.mp3'] }),
      session({ localDate: '2026-11-23', startedAt: '2026-11-23T18:00:00.000Z', secondsPractised: 300, loop, tempo: 0.8 }),
      session({ localDate: '2026-11-23', startedAt: '2026-11-23T19:00:00.000Z', secondsPractised: 200, loop, tempo: 0.75 }),
      session({ songId: 2, secondsPractised: 1200 }),
      // Two weeks earlier: in the 28-day chart, not in the streak.
      session({ localDate: '2026-11-10', startedAt: '2026-11-10T18:00:00.000Z', secondsPractised: 60 }),
    ];
    for (const body of sessions) expect((await browser.post('/api/practice-sessions', body)).status).toBe(201);
    // The same session again (a retry): recorded once.
    const again = await browser.post<{ sessionId: string }>('/api/practice-sessions', sessions[3]);
    expect(again.status).toBe(201);
    expect(await eventsOf(user.id)).toBe(5);
    // The same id for another session: refused.
    expect((await browser.post('/api/practice-sessions', { ...sessions[3], secondsPractised: 5 })).status).toBe(409);

    const summary = await browser.get<PracticeSummaryResponse>('/api/practice/summary?today=2026-11-24');
    expect(summary.status).toBe(200);
    const { days, ...rest } = summary.body;
    expect(days).toHaveLength(28);
    expect(days[0]!.date).toBe('2026-10-28');
    expect(days.slice(-3)).toEqual([
      { date: '2026-11-22', seconds: 900, sessions: 1 },
      { date: '2026-11-23', seconds: 500, sessions: 2 },
      { date: '2026-11-24', seconds: 1200, sessions: 1 },
    ]);
    expect(days.find((day) => day.date === '2026-11-10')).toEqual({ date: '2026-11-10', seconds: 60, sessions: 1 });
    expect(rest).toEqual({
      totalSeconds: 2660,
      totalSessions: 5,
      streak: { current: 3, longest: 3 },
      songs: [
        {
          songId: 1,
          title: 'Tighten Up',
          seconds: 1460,
          sessions: 4,
          lastPractisedAt: '2026-11-23T19:03:20.000Z',
          // The tempo progression: the best tempo of each practised day, oldest first.
          tempos: [
            { date: '2026-11-10', bestTempo: 1, sessions: 1 },
            { date: '2026-11-22', bestTempo: 0.7, sessions: 1 },
            { date: '2026-11-23', bestTempo: 0.8, sessions: 2 },
          ],
        },
        { songId: 2, title: 'Superstition', seconds: 1200, sessions: 1, lastPractisedAt: '2026-11-24T10:20:00.000Z', tempos: [{ date: '2026-11-24', bestTempo: 1, sessions: 1 }] },
      ],
      loops: [
        {
          songId: 1,
          title: 'Tighten Up',
          startSeconds: 30,
          endSeconds: 45.5,
          days: [
            { date: '2026-11-22', bestTempo: 0.7, seconds: 900 },
            { date: '2026-11-23', bestTempo: 0.8, seconds: 500 },
          ],
        },
      ],
      takes: [],
    });

    // Another musician sees only their own log; a replay gives the same answer.
    const { browser: other } = await signInWithCode(env.app.url, 'bassist@example.com');
    expect((await other.get<PracticeSummaryResponse>('/api/practice/summary?today=2026-11-24')).body).toMatchObject({ totalSeconds: 0, songs: [], loops: [], streak: { current: 0, longest: 0 } });
    expect(await rebuildProjection(env.app.sql, env.app.store, practiceLog)).toMatchObject({ kind: 'swapped' });
    expect((await browser.get<PracticeSummaryResponse>('/api/practice/summary?today=2026-11-24')).body).toEqual(summary.body);
  });

  it('refuses a visitor, bad bodies, sessions that cannot be true and unknown songs, recording nothing', async () => {
    const visitor = new TestBrowser(env.app.url);
    expect((await visitor.post('/api/practice-sessions', session())).status).toBe(401);
    expect((await visitor.get('/api/practice/summary?today=2026-11-24')).status).toBe(401);

    const { browser, user } = await signInWithCode(env.app.url, 'careful@example.com');
    const bad: Array<Record<string, unknown>> = [
      { sessionId: 'not-a-uuid' },
      { secondsPractised: 0 },
      { secondsPractised: 1.5 },
      { tempo: 2 },
      { transpose: 7 },
      { loop: { startSeconds: 40, endSeconds: 30 } },
      { mutedStems: Array.from({ length: 65 }, (_, index) => `stem-${index}.mp3`) },
      { localDate: '24/11/2026' },
      { extra: true },
      // More practice than time went by, a future end, an old session, a date no zone had.
      { startedAt: '2026-11-24T11:55:00.000Z', secondsPractised: 3600 },
      { startedAt: '2026-10-01T10:00:00.000Z', localDate: '2026-10-01' },
      { localDate: '2026-11-27' },
    ];
    for (const fields of bad) {
      const response = await browser.post<{ error: { code: string } }>('/api/practice-sessions', session(fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    expect((await browser.post('/api/practice-sessions', session({ songId: 999 }))).status).toBe(404);
    expect((await browser.get('/api/practice/summary')).status).toBe(400);
    expect((await browser.get('/api/practice/summary?today=2026-12-24')).status).toBe(400);
    expect(await eventsOf(user.id)).toBe(0);
  });
});
