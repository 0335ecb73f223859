import { beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestApp } from '../../testing/start-test-app';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { appendAndWait, catalogueSongs } from '../presets/testing/catalogue-songs';
import { startProSubscription } from '../subscription/testing/seed-subscription';
import type { PresetDocument, PullPage, SongDocument, StarDocument } from '../../../contract/sync-documents';
import { type SseItem, type SseStream, openSse } from './testing/sse-client';
import { routersWithFastSync } from './testing/routers-with-fast-sync';

const stems = ['drums.wav', 'bass.wav', 'vocals.wav'];
const star = (id: number, starred: boolean, updatedAt = Date.now()): StarDocument => ({ id: String(id), starred, updatedAt, _deleted: false });
const preset = (id: number, volumes: Record<string, number>, mutes: Record<string, boolean> = {}, tempo = 1, transpose = 0): PresetDocument => ({
  id: String(id),
  volumes,
  mutes,
  tempo,
  transpose,
  updatedAt: Date.now(),
  _deleted: false,
});

async function eventCount(app: TestApp): Promise<number> {
  const { rows } = await app.sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]?.count);
}

/** Every page of a collection from the beginning (or `from`), `limit` documents at a time. */
async function pullAll<Doc>(browser: TestBrowser, collection: string, limit: number, from?: string): Promise<Array<PullPage<Doc>>> {
  const pages: Array<PullPage<Doc>> = [];
  let position = from;
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit), ...(position !== undefined && { position }) });
    const page = await browser.get<PullPage<Doc>>(`/api/sync/${collection}/pull?${query.toString()}`);
    expect(page.status).toBe(200);
    if (page.body.documents.length === 0) return pages;
    pages.push(page.body);
    position = page.body.checkpoint!.position;
  }
}

const dataOf = (item: SseItem) => (item.kind === 'data' ? item.data : undefined);
const streamMessage = (collection: string, match: (documents: Array<Record<string, unknown>>) => boolean) => (item: SseItem) => {
  const data = dataOf(item) as { collection?: string; documents?: Array<Record<string, unknown>> } | undefined;
  return data?.collection === collection && match(data.documents ?? []);
};

describeAppOnEveryDatabase(
  'sync: pull, push and the live stream',
  {
    config: { authSecret: testAuthSecret },
    // Two streams per user, so a test can reach the limit.
    routers: routersWithFastSync({ feed: { maxStreamsPerUser: 2 } }),
  },
  (env) => {
    let pro: TestBrowser;
    let proId: number;
    let free: TestBrowser;
    let other: TestBrowser;
    const open = (browser: TestBrowser) => openSse(env.app.url, browser, '/api/sync/stream');

    beforeAll(async () => {
      await catalogueSongs(env.app, [1, 2, 3, 4].map((songId) => ({ songId, stems })));
      ({ browser: pro, user: { id: proId } } = await signInWithCode(env.app.url, 'pro@example.com'));
      await startProSubscription(env.app, proId);
      ({ browser: free } = await signInWithCode(env.app.url, 'free@example.com'));
      const signedIn = await signInWithCode(env.app.url, 'other-pro@example.com');
      other = signedIn.browser;
      await startProSubscription(env.app, signedIn.user.id);
    });

    it('answers 401 to visitors', async () => {
      const visitor = new TestBrowser(env.app.url);
      expect((await visitor.get('/api/sync/songs/pull')).status).toBe(401);
      expect((await visitor.post('/api/sync/stars/push', [])).status).toBe(401);
      expect((await visitor.get('/api/sync/stream')).status).toBe(401);
    });

    it('pulls the catalogue in pages by checkpoint; an empty page keeps the checkpoint; a song off disk is a tombstone', async () => {
      const first = await pro.get<PullPage<SongDocument>>('/api/sync/songs/pull?limit=3');
      expect(first.body.documents.map((song) => song.id)).toEqual(['1', '2', '3']);
      expect(first.body.documents[0]).toEqual({
        id: '1',
        title: 'Song 1',
        genre: 'Rock',
        genre2: null,
        key: 'E minor',
        bpm: 100,
        firstBeat: null,
        difficulty: 5,
        duration: 60,
        playCount: 0,
        hasLyrics: false,
        chordInstruments: [],
        sections: [],
        stems: [
          expect.objectContaining({ id: 'drums.wav', instrument: 'Drums', filePath: '/api/stems/stream/1/drums.wav' }),
          expect.objectContaining({ id: 'bass.wav', instrument: 'Bass' }),
          expect.objectContaining({ id: 'vocals.wav', instrument: 'Vocals' }),
        ],
        problems: [],
        _deleted: false,
      });
      const checkpoint = first.body.checkpoint!.position;
      const second = await pro.get<PullPage<SongDocument>>(`/api/sync/songs/pull?position=${checkpoint}`);
      expect(second.body.documents.map((song) => song.id)).toEqual(['4']);
      const empty = await pro.get<PullPage<SongDocument>>(`/api/sync/songs/pull?position=${second.body.checkpoint!.position}`);
      expect(empty.body).toEqual({ documents: [], checkpoint: second.body.checkpoint });
      expect((await pro.get<PullPage<SongDocument>>('/api/sync/presets/pull')).body).toEqual({ documents: [], checkpoint: null });

      await appendAndWait(env.app, 'song-4', [{ type: 'SongRemovedFromDisk', data: { songId: 4 } }], 'songs');
      const removed = await pro.get<PullPage<SongDocument>>(`/api/sync/songs/pull?position=${second.body.checkpoint!.position}`);
      expect(removed.body.documents).toEqual([expect.objectContaining({ id: '4', _deleted: true })]);
      expect(removed.body.checkpoint!.position > second.body.checkpoint!.position).toBe(true);
    });

    it('pushes stars through the star decisions; REST stars show in the pull; another user’s stars never do', async () => {
      expect((await pro.post('/api/sync/stars/push', [{ assumedMasterState: null, newDocumentState: star(1, true) }])).body).toEqual([]);
      expect((await pro.patch('/api/songs/2/starred', { starred: true })).status).toBe(200);
      expect((await pro.patch('/api/songs/2/starred', { starred: false })).status).toBe(200);
      expect((await other.post('/api/sync/stars/push', [{ assumedMasterState: null, newDocumentState: star(3, true) }])).body).toEqual([]);
      const pulled = await pro.get<PullPage<StarDocument>>('/api/sync/stars/pull');
      expect(pulled.body.documents).toEqual([
        { id: '1', starred: true, updatedAt: expect.any(Number), _deleted: false },
        { id: '2', starred: false, updatedAt: expect.any(Number), _deleted: false },
      ]);
      expect((await other.get<PullPage<StarDocument>>('/api/sync/stars/pull')).body.documents.map((doc) => doc.id)).toEqual(['3']);
      expect((await pro.get<{ starred: boolean }>('/api/songs/1')).body.starred).toBe(true);
      // A song no longer on disk cannot be starred: the master comes back.
      expect((await pro.post('/api/sync/stars/push', [{ assumedMasterState: null, newDocumentState: star(4, true) }])).body).toEqual([
        { id: '4', starred: false, updatedAt: 0, _deleted: false },
      ]);
    });

    it('two devices push different states from the same master: the first wins, the second gets the master back', async () => {
      const master = (await pro.get<PullPage<StarDocument>>('/api/sync/stars/pull')).body.documents.find((doc) => doc.id === '1')!;
      expect(master.starred).toBe(true);
      const deviceA = await pro.post<StarDocument[]>('/api/sync/stars/push', [{ assumedMasterState: master, newDocumentState: star(1, false) }]);
      expect(deviceA.body).toEqual([]);
      const deviceB = await pro.post<StarDocument[]>('/api/sync/stars/push', [{ assumedMasterState: master, newDocumentState: { ...master, updatedAt: Date.now() } }]);
      const now = (await pro.get<PullPage<StarDocument>>('/api/sync/stars/pull')).body.documents.find((doc) => doc.id === '1')!;
      expect(deviceB.body).toEqual([now]);
      expect(now.starred).toBe(false);

      expect((await env.app.store.readStream(`song-stars-${proId}`)).map((event) => event.type).at(-1)).toEqual('SongUnstarred');
    });

    it('two devices push different presets at the same time from the same master: one wins, the other gets the winner back', async () => {
      const base = preset(3, { 'drums.wav': 0.5 });
      expect((await pro.post('/api/sync/presets/push', [{ assumedMasterState: null, newDocumentState: base }])).body).toEqual([]);
      const master = (await pro.get<PullPage<PresetDocument>>('/api/sync/presets/pull?limit=500')).body.documents.find((doc) => doc.id === '3')!;
      const loud = preset(3, { 'drums.wav': 1 });
      const soft = preset(3, { 'drums.wav': 0.1 }, { 'bass.wav': true });
      const before = await eventCount(env.app);
      const [a, b] = await Promise.all([
        pro.post<PresetDocument[]>('/api/sync/presets/push', [{ assumedMasterState: master, newDocumentState: loud }]),
        pro.post<PresetDocument[]>('/api/sync/presets/push', [{ assumedMasterState: master, newDocumentState: soft }]),
      ]);
      const conflicts = [...a.body, ...b.body];
      expect(conflicts).toHaveLength(1);
      const winner = a.body.length === 0 ? loud : soft;
      const server = (await pro.get<PullPage<PresetDocument>>('/api/sync/presets/pull?limit=500')).body.documents.find((doc) => doc.id === '3')!;
      expect(server).toEqual({ ...winner, updatedAt: expect.any(Number) });
      expect(conflicts[0]).toEqual(server);
      expect(await eventCount(env.app)).toBe(before + 1);
    });

    it('pushes presets for a Pro user; a free user’s pushes change nothing and come back as conflicts', async () => {
      const quiet = preset(1, { 'drums.wav': 0.5 }, { 'vocals.wav': true });
      expect((await pro.post('/api/sync/presets/push', [{ assumedMasterState: null, newDocumentState: quiet }])).body).toEqual([]);
      expect((await pro.get('/api/songs/1/preset')).body).toEqual({ presetData: { volumes: quiet.volumes, mutes: quiet.mutes, tempo: 1, transpose: 0 } });
      const songOne = async () => (await pro.get<PullPage<PresetDocument>>('/api/sync/presets/pull')).body.documents.filter((doc) => doc.id === '1');
      const pulled = await songOne();
      expect(pulled).toEqual([{ ...quiet, updatedAt: expect.any(Number) }]);
      // Reset through a tombstone.
      expect((await pro.post('/api/sync/presets/push', [{ assumedMasterState: pulled[0], newDocumentState: { ...pulled[0]!, _deleted: true } }])).body).toEqual([]);
      expect((await pro.get('/api/songs/1/preset')).status).toBe(404);
      // Stems that are not the song's: the master (the tombstone) comes back.
      const [master] = await songOne();
      expect(master).toMatchObject({ id: '1', _deleted: true });
      expect((await pro.post('/api/sync/presets/push', [{ assumedMasterState: master, newDocumentState: preset(1, { 'piano.wav': 1 }) }])).body).toEqual([master]);

      const before = await eventCount(env.app);
      const freeAnswer = await free.post<PresetDocument[]>('/api/sync/presets/push', [
        { assumedMasterState: null, newDocumentState: preset(2, { 'drums.wav': 0.1 }) },
        { assumedMasterState: null, newDocumentState: { ...preset(3, {}), _deleted: true } },
      ]);
      expect(freeAnswer.status).toBe(200);
      expect(freeAnswer.body).toEqual([
        { id: '2', volumes: {}, mutes: {}, tempo: 1, transpose: 0, updatedAt: 0, _deleted: true },
        { id: '3', volumes: {}, mutes: {}, tempo: 1, transpose: 0, updatedAt: 0, _deleted: true },
      ]);
      expect((await free.post('/api/songs/2/preset', { presetData: { volumes: {}, mutes: {} } })).status).toBe(403);
      expect((await free.request('DELETE', '/api/songs/2/preset')).status).toBe(403);
      expect(await eventCount(env.app)).toBe(before);
      expect((await free.get<PullPage<PresetDocument>>('/api/sync/presets/pull')).body.documents).toEqual([]);
    });

    it('carries a preset’s tempo and transpose both ways; a push without them (an older client) keeps the server’s', async () => {
      const practised = preset(2, { 'bass.wav': 0.6 }, {}, 0.7, 2);
      expect((await pro.post('/api/sync/presets/push', [{ assumedMasterState: null, newDocumentState: practised }])).body).toEqual([]);
      expect((await pro.get('/api/songs/2/preset')).body).toEqual({ presetData: { volumes: { 'bass.wav': 0.6 }, mutes: {}, tempo: 0.7, transpose: 2 } });
      const pulled = (await pro.get<PullPage<PresetDocument>>('/api/sync/presets/pull?limit=500')).body.documents.find((doc) => doc.id === '2')!;
      expect(pulled).toEqual({ ...practised, updatedAt: expect.any(Number) });

      // An older client knows volumes and mutes only: its master and its change lack the two fields.
      const older = ({ tempo: _tempo, transpose: _transpose, ...rest }: PresetDocument) => rest;
      const louder = { ...older(pulled), volumes: { 'bass.wav': 0.9 } };
      expect((await pro.post('/api/sync/presets/push', [{ assumedMasterState: older(pulled), newDocumentState: louder }])).body).toEqual([]);
      expect((await pro.get('/api/songs/2/preset')).body).toEqual({ presetData: { volumes: { 'bass.wav': 0.9 }, mutes: {}, tempo: 0.7, transpose: 2 } });

      // A newer client whose master has another tempo than the server's is in conflict.
      const stale = { ...pulled, volumes: { 'bass.wav': 0.9 }, tempo: 1 };
      const conflicts = await pro.post<PresetDocument[]>('/api/sync/presets/push', [{ assumedMasterState: stale, newDocumentState: { ...stale, tempo: 1.2 } }]);
      expect(conflicts.body).toEqual([expect.objectContaining({ id: '2', tempo: 0.7, transpose: 2 })]);
      // Leaves song 2 without a preset, as the tests below expect.
      expect((await pro.request('DELETE', '/api/songs/2/preset')).status).toBe(204);
    });

    it('refuses bad requests with 400 and appends nothing', async () => {
      const before = await eventCount(env.app);
      const badPushes: Array<[string, unknown]> = [
        ['stars', {}],
        ['stars', [{ newDocumentState: star(1, true) }]],
        ['stars', [{ assumedMasterState: null, newDocumentState: { id: 1, starred: true, updatedAt: 1, _deleted: false } }]],
        ['stars', [{ assumedMasterState: null, newDocumentState: { ...star(1, true), extra: 1 } }]],
        ['stars', [{ assumedMasterState: star(2, true), newDocumentState: star(1, true) }]],
        ['stars', Array.from({ length: 101 }, () => ({ assumedMasterState: null, newDocumentState: star(1, true) }))],
        ['presets', [{ assumedMasterState: null, newDocumentState: preset(1, { 'drums.wav': 2 }) }]],
        ['presets', [{ assumedMasterState: null, newDocumentState: { ...preset(1, {}), mutes: { 'drums.wav': 'yes' } } }]],
        ['presets', [{ assumedMasterState: null, newDocumentState: preset(1, {}, {}, 2) }]],
        ['presets', [{ assumedMasterState: null, newDocumentState: preset(1, {}, {}, 0.4) }]],
        ['presets', [{ assumedMasterState: null, newDocumentState: preset(1, {}, {}, 1, 7) }]],
        ['presets', [{ assumedMasterState: null, newDocumentState: preset(1, {}, {}, 1, 1.5) }]],
        ['songs', []],
      ];
      for (const [collection, body] of badPushes) {
        expect((await pro.post(`/api/sync/${collection}/push`, body)).status, `${collection} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      }
      for (const query of ['limit=0', 'limit=501', 'limit=ten', 'position=%27%20OR%201%3D1', `position=${'9'.repeat(101)}`]) {
        expect((await pro.get(`/api/sync/stars/pull?${query}`)).status, query).toBe(400);
      }
      expect((await pro.get('/api/sync/users/pull')).status).toBe(400);
      expect(await eventCount(env.app)).toBe(before);
    });

    it('pull paging by checkpoint returns every change once, in order, while writes happen', async () => {
      const start = (await pro.get<PullPage<StarDocument>>('/api/sync/stars/pull?limit=500')).body.checkpoint!.position;
      let writing = true;
      const writer = (async () => {
        for (let round = 0; round < 6; round++) {
          for (const songId of [1, 2, 3]) await pro.patch(`/api/songs/${songId}/starred`, { starred: round % 2 === 0 });
        }
        writing = false;
      })();
      // A client's loop: pull from the last checkpoint until nothing is left and the writes are over.
      const pages: Array<PullPage<StarDocument>> = [];
      let position = start;
      for (;;) {
        const stillWriting = writing;
        const page = (await pro.get<PullPage<StarDocument>>(`/api/sync/stars/pull?limit=2&position=${position}`)).body;
        if (page.documents.length > 0) pages.push(page);
        position = page.checkpoint!.position;
        if (page.documents.length === 0 && !stillWriting) break;
        if (page.documents.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await writer;
      expect(pages.length).toBeGreaterThan(1);
      // Checkpoints only move forward: no change comes twice.
      const checkpoints = pages.map((page) => page.checkpoint!.position);
      checkpoints.slice(1).forEach((checkpoint, index) => expect(checkpoint > checkpoints[index]!).toBe(true));
      // Applying the pages in order gives the server's final state, the same as one pull from the start.
      const local = new Map<string, boolean>();
      for (const page of pages) for (const doc of page.documents) local.set(doc.id, doc.starred);
      const fromStart = (await pullAll<StarDocument>(pro, 'stars', 500)).flatMap((page) => page.documents);
      expect(Object.fromEntries(local)).toEqual(Object.fromEntries(fromStart.filter((doc) => local.has(doc.id)).map((doc) => [doc.id, doc.starred])));
      // The last round unstarred all three.
      expect(Object.fromEntries(local)).toEqual({ '1': false, '2': false, '3': false });
    });

    it('streams the user’s changes live, never another user’s; heartbeats; a cap on streams per user', async () => {
      const stream: SseStream = await open(pro);
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toContain('text/event-stream');
        await stream.waitFor((item) => dataOf(item) === 'RESYNC');
        const mark = stream.items.length;
        expect((await pro.patch('/api/songs/3/starred', { starred: true })).status).toBe(200);
        const { item } = await stream.waitFor(streamMessage('stars', (docs) => docs.some((doc) => doc.id === '3' && doc.starred === true)), { from: mark });
        expect(dataOf(item)).toEqual({
          collection: 'stars',
          documents: [{ id: '3', starred: true, updatedAt: expect.any(Number), _deleted: false }],
          checkpoint: { position: expect.any(String) },
        });
        // The stream's checkpoint is the pull's: pulling from it returns nothing new.
        const { checkpoint } = dataOf(item) as { checkpoint: { position: string } };
        expect((await pro.get<PullPage<StarDocument>>(`/api/sync/stars/pull?position=${checkpoint.position}`)).body.documents).toEqual([]);

        // Another user's star and preset, then a shared song change: only the song reaches this stream.
        await other.patch('/api/songs/1/starred', { starred: true });
        await other.post('/api/songs/1/preset', { presetData: { volumes: { 'bass.wav': 0.3 }, mutes: {} } });
        await pro.post('/api/songs/1/play');
        await stream.waitFor(streamMessage('songs', (docs) => docs.some((doc) => doc.id === '1' && doc.playCount === 1)), { from: mark });
        await pro.post('/api/sync/presets/push', [{ assumedMasterState: null, newDocumentState: preset(2, { 'bass.wav': 0.7 }) }]);
        await stream.waitFor(streamMessage('presets', (docs) => docs.some((doc) => doc.id === '2')), { from: mark });
        const foreign = stream.items.filter((entry) => {
          const data = dataOf(entry) as { collection?: string; documents?: Array<{ id: string; volumes?: Record<string, number> }> } | undefined;
          if (data?.collection === 'presets') return data.documents!.some((doc) => doc.id === '1');
          if (data?.collection === 'stars') return data.documents!.some((doc) => doc.id === '1');
          return false;
        });
        expect(foreign).toEqual([]);
        await stream.waitFor((entry) => entry.kind === 'comment' && entry.text === 'heartbeat');

        // Two streams per user here: a third is refused until one closes.
        const second = await open(pro);
        expect(second.status).toBe(200);
        const third = await open(pro);
        expect(third.status).toBe(429);
        third.close();
        second.close();
        let again: SseStream | undefined;
        for (let attempt = 0; attempt < 50; attempt++) {
          again = await open(pro);
          if (again.status === 200) break;
          again.close();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(again?.status).toBe(200);
        again?.close();
      } finally {
        stream.close();
      }
    });

    it('rebuilding the read models from the log gives the same pull pages, and streams are told to resync', async () => {
      const pagesOf = async (browser: TestBrowser) => ({
        songs: await pullAll(browser, 'songs', 2),
        stars: await pullAll(browser, 'stars', 2),
        presets: await pullAll(browser, 'presets', 2),
      });
      const before = await pagesOf(pro);
      const otherBefore = await pagesOf(other);
      expect(before.stars.length).toBeGreaterThan(0);
      expect(before.presets.length).toBeGreaterThan(0);
      const stream = await open(pro);
      try {
        await stream.waitFor((item) => dataOf(item) === 'RESYNC');
        const mark = stream.items.length;
        expect((await env.app.projections.rebuild('songs')).kind).toBe('swapped');
        expect((await env.app.projections.rebuild('presets')).kind).toBe('swapped');
        await stream.waitFor((item) => dataOf(item) === 'RESYNC', { from: mark });
      } finally {
        stream.close();
      }
      expect(await pagesOf(pro)).toEqual(before);
      expect(await pagesOf(other)).toEqual(otherBefore);
    });
  },
);
