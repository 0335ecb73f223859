import { beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestApp } from '../../testing/start-test-app';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { startProSubscription } from '../subscription/testing/seed-subscription';
import { presetStream } from '../../library/preset-state';
import { appendAndWait, catalogueSongs } from './testing/catalogue-songs';

const stems = ['drums.wav', 'Bass Guitar.wav', 'vocals.wav'];
const quiet = { volumes: { 'drums.wav': 0.25, 'Bass Guitar.wav': 1 }, mutes: { 'vocals.wav': true } };
/** `quiet` as the API answers it: a preset saved without tempo and transpose plays at 1x and 0. */
const quietAnswer = { ...quiet, tempo: 1, transpose: 0 };

async function eventCount(app: TestApp): Promise<number> {
  const { rows } = await app.sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]?.count);
}

describeAppOnEveryDatabase('song presets', { config: { authSecret: testAuthSecret } }, (env) => {
  let pro: TestBrowser;
  let proId: number;
  let free: TestBrowser;

  beforeAll(async () => {
    await catalogueSongs(env.app, [
      { songId: 1, stems },
      { songId: 2, stems: ['keys.wav'] },
    ]);
    ({ browser: pro, user: { id: proId } } = await signInWithCode(env.app.url, 'pro@example.com'));
    await startProSubscription(env.app, proId);
    ({ browser: free } = await signInWithCode(env.app.url, 'free@example.com'));
  });

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(env.app.url);
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await visitor.request(method, '/api/songs/1/preset', method === 'POST' ? { body: { presetData: quiet } } : {})).status, method).toBe(401);
    }
  });

  it('saves, loads and resets a Pro user’s preset; 404 means none', async () => {
    expect((await pro.get('/api/songs/1/preset')).status).toBe(404);
    const saved = await pro.post('/api/songs/1/preset', { presetData: quiet });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ presetData: quietAnswer });
    expect((await pro.get('/api/songs/1/preset')).body).toEqual({ presetData: quietAnswer });
    // The same preset again appends nothing.
    const before = await eventCount(env.app);
    expect((await pro.post('/api/songs/1/preset', { presetData: quiet })).status).toBe(200);
    expect(await eventCount(env.app)).toBe(before);

    expect((await pro.request('DELETE', '/api/songs/1/preset')).status).toBe(204);
    expect((await pro.get('/api/songs/1/preset')).status).toBe(404);
    expect((await pro.request('DELETE', '/api/songs/1/preset')).status).toBe(204);
    expect((await env.app.store.readStream(presetStream(proId, 1))).map((event) => event.type)).toEqual(['SongPresetSaved', 'SongPresetReset']);
  });

  it('keeps presets per user and per song', async () => {
    await pro.post('/api/songs/2/preset', { presetData: { volumes: { 'keys.wav': 0.5 }, mutes: {} } });
    const { browser: otherPro, user } = await signInWithCode(env.app.url, 'other-pro@example.com');
    await startProSubscription(env.app, user.id);
    expect((await otherPro.get('/api/songs/2/preset')).status).toBe(404);
    expect((await pro.get('/api/songs/1/preset')).status).toBe(404);
    expect((await pro.get('/api/songs/2/preset')).body).toEqual({ presetData: { volumes: { 'keys.wav': 0.5 }, mutes: {}, tempo: 1, transpose: 0 } });
  });

  it('keeps the tempo and transpose of a preset; a preset saved without them answers 1 and 0; a replay gives the same rows', async () => {
    const practised = { ...quiet, tempo: 0.7, transpose: 2 };
    const saved = await pro.post('/api/songs/1/preset', { presetData: practised });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ presetData: practised });
    expect((await pro.get('/api/songs/1/preset')).body).toEqual({ presetData: practised });
    const lowest = { volumes: {}, mutes: {}, tempo: 0.5, transpose: -6 };
    expect((await pro.post('/api/songs/1/preset', { presetData: lowest })).body).toEqual({ presetData: lowest });
    const highest = { volumes: {}, mutes: {}, tempo: 1.5, transpose: 6 };
    expect((await pro.post('/api/songs/1/preset', { presetData: highest })).body).toEqual({ presetData: highest });
    // The same settings again append nothing, tempo and transpose included.
    const before = await eventCount(env.app);
    await pro.post('/api/songs/1/preset', { presetData: highest });
    expect(await eventCount(env.app)).toBe(before);
    expect((await env.app.store.readStream(presetStream(proId, 1))).at(-1)?.data).toEqual({ userId: proId, songId: 1, presetData: highest });

    // A preset in the log from before the practice tools (no tempo, no transpose).
    await appendAndWait(env.app, presetStream(proId, 2), [{ type: 'SongPresetSaved', data: { userId: proId, songId: 2, presetData: { volumes: { 'keys.wav': 0.3 }, mutes: {} } } }], 'presets');
    expect((await pro.get('/api/songs/2/preset')).body).toEqual({ presetData: { volumes: { 'keys.wav': 0.3 }, mutes: {}, tempo: 1, transpose: 0 } });

    const rows = async () =>
      (await env.app.sql.query('SELECT user_id, song_id, volumes, mutes, tempo, transpose, deleted, changed_at, position FROM song_presets ORDER BY user_id, song_id')).rows;
    const beforeReplay = await rows();
    expect(beforeReplay).toContainEqual(expect.objectContaining({ song_id: 1, tempo: 1.5, transpose: 6 }));
    expect(beforeReplay).toContainEqual(expect.objectContaining({ song_id: 2, tempo: 1, transpose: 0 }));
    expect((await env.app.projections.rebuild('presets')).kind).toBe('swapped');
    expect(await rows()).toEqual(beforeReplay);
  });

  it('answers requiresUpgrade (403) to a free user, whose calls change nothing, bad bodies included', async () => {
    const before = await eventCount(env.app);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { presetData: quiet }],
      ['POST', { presetData: { volumes: { 'nope.wav': 3 } } }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await free.request(method, '/api/songs/1/preset', body === undefined ? {} : { body });
      expect(answer.status, method).toBe(403);
      expect(answer.body).toEqual({ error: { code: 'requires_upgrade', message: expect.stringContaining('Upgrade to Pro') }, requiresUpgrade: true });
    }
    expect(await eventCount(env.app)).toBe(before);
  });

  it('refuses bad bodies with 400 and unknown songs with 404, appending nothing', async () => {
    const before = await eventCount(env.app);
    const bad: unknown[] = [
      {},
      quiet,
      { presetData: { volumes: {} } },
      { presetData: { volumes: { 'drums.wav': 1.5 }, mutes: {} } },
      { presetData: { volumes: { 'drums.wav': -0.1 }, mutes: {} } },
      { presetData: { volumes: { 'drums.wav': '1' }, mutes: {} } },
      { presetData: { volumes: {}, mutes: { 'vocals.wav': 'yes' } } },
      { presetData: { volumes: { 'keys.wav': 1 }, mutes: {} } },
      { presetData: { volumes: {}, mutes: { '../etc/passwd': true } } },
      { presetData: { volumes: {}, mutes: {}, solo: {} } },
      { presetData: { ...quiet, tempo: 2 } },
      { presetData: { ...quiet, tempo: 0.4 } },
      { presetData: { ...quiet, tempo: '1' } },
      { presetData: { ...quiet, transpose: 7 } },
      { presetData: { ...quiet, transpose: -7 } },
      { presetData: { ...quiet, transpose: 1.5 } },
      { presetData: quiet, extra: 1 },
      [quiet],
    ];
    const presetBefore = await pro.get('/api/songs/1/preset');
    for (const body of bad) {
      const answer = await pro.post<{ error: { code: string; message: string } }>('/api/songs/1/preset', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('invalid_request');
    }
    expect((await pro.post<{ error: { message: string } }>('/api/songs/1/preset', bad[7])).body.error.message).toContain('not a stem of this song');
    expect((await pro.post('/api/songs/99/preset', { presetData: quiet })).status).toBe(404);
    expect((await pro.get('/api/songs/99/preset')).status).toBe(404);
    expect((await pro.get('/api/songs/abc/preset')).status).toBe(400);
    expect(await eventCount(env.app)).toBe(before);
    const presetAfter = await pro.get('/api/songs/1/preset');
    expect([presetAfter.status, presetAfter.body]).toEqual([presetBefore.status, presetBefore.body]);
  });
});
