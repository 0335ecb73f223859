import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { catalogueSongs } from '../presets/testing/catalogue-songs';
import type { PracticeSummary } from '../../../contract/practice';
import type { PullPage, TakeDocument } from '../../../contract/sync-documents';
import { takesStream } from './take-push';
import { type SseItem, openSse } from './testing/sse-client';
import { routersWithFastSync } from './testing/routers-with-fast-sync';

const take = (songId: number, fields: Partial<TakeDocument> = {}): TakeDocument => ({
  id: randomUUID(),
  songId: String(songId),
  name: 'Take 1',
  recordedAt: Date.parse('2026-11-24T10:00:00.000Z'),
  localDate: '2026-11-24',
  durationSeconds: 42.5,
  startSeconds: 0,
  tempo: 0.8,
  transpose: -2,
  scope: 'song',
  range: null,
  latencySeconds: 0.012,
  updatedAt: Date.now(),
  _deleted: false,
  ...fields,
});

/** What TakeRecorded says of a take as its document does (name, length, tempo, ...), in the same form. */
const metadataOf = ({ id: _id, songId: _songId, recordedAt: _recordedAt, updatedAt: _updatedAt, _deleted, ...metadata }: TakeDocument) => metadata;

/** What the server holds of a document: everything but `updatedAt`, its own time. */
const content = ({ updatedAt: _updatedAt, ...rest }: TakeDocument) => rest;

const dataOf = (item: SseItem) => (item.kind === 'data' ? item.data : undefined);

describeAppOnEveryDatabase(
  'sync of takes: metadata only, per user, renamed and deleted',
  {
    config: { authSecret: testAuthSecret },
    routers: routersWithFastSync(),
  },
  (env) => {
    let guitarist: TestBrowser;
    let guitaristId: number;
    let drummer: TestBrowser;
    const pull = async (browser: TestBrowser, position?: string) => {
      const query = position === undefined ? '' : `?position=${encodeURIComponent(position)}`;
      const page = await browser.get<PullPage<TakeDocument>>(`/api/sync/takes/pull${query}`);
      expect(page.status).toBe(200);
      return page.body;
    };
    const push = async (browser: TestBrowser, rows: Array<{ assumedMasterState: TakeDocument | null; newDocumentState: TakeDocument }>) => {
      const answer = await browser.post<TakeDocument[]>('/api/sync/takes/push', rows);
      expect(answer.status).toBe(200);
      return answer.body;
    };

    beforeAll(async () => {
      await catalogueSongs(env.app, [1, 2].map((songId) => ({ songId, stems: ['drums.wav', 'bass.wav'] })));
      ({ browser: guitarist, user: { id: guitaristId } } = await signInWithCode(env.app.url, 'guitarist@example.com'));
      ({ browser: drummer } = await signInWithCode(env.app.url, 'drummer@example.com'));
    });

    it('records a pushed take as TakeRecorded with its metadata, renames and deletes it, and pulls it on another device', async () => {
      const first = take(1, { name: 'Solo, first try' });
      const second = take(1, { name: 'Solo, second try', recordedAt: Date.parse('2026-11-24T10:05:00.000Z'), tempo: 0.9, scope: 'loop', range: { startSeconds: 12, endSeconds: 20 }, startSeconds: 12 });
      expect(await push(guitarist, [{ assumedMasterState: null, newDocumentState: first }, { assumedMasterState: null, newDocumentState: second }])).toEqual([]);

      const events = await env.app.store.readStream(takesStream(guitaristId));
      expect(events.map((event) => event.type)).toEqual(['TakeRecorded', 'TakeRecorded']);
      expect(events[0]!.data).toEqual({ userId: guitaristId, takeId: first.id, songId: 1, recordedAt: '2026-11-24T10:00:00.000Z', ...metadataOf(first) });

      // Another device of the same user pulls both; the pushing device's second push of the same row changes nothing.
      const page = await pull(guitarist);
      expect(page.documents.map(content)).toEqual([content(first), content(second)]);
      expect(await push(guitarist, [{ assumedMasterState: null, newDocumentState: first }])).toEqual([expect.objectContaining({ id: first.id, _deleted: false })]);
      expect(await env.app.store.readStream(takesStream(guitaristId))).toHaveLength(2);

      const [firstMaster, secondMaster] = page.documents as [TakeDocument, TakeDocument];
      expect(await push(guitarist, [{ assumedMasterState: firstMaster, newDocumentState: { ...firstMaster, name: 'Keeper' } }])).toEqual([]);
      expect(await push(guitarist, [{ assumedMasterState: secondMaster, newDocumentState: { ...secondMaster, _deleted: true } }])).toEqual([]);
      const after = await pull(guitarist, page.checkpoint!.position);
      expect(after.documents.map((doc) => [doc.id, doc.name, doc._deleted])).toEqual([
        [first.id, 'Keeper', false],
        [second.id, 'Solo, second try', true],
      ]);
      expect((await env.app.store.readStream(takesStream(guitaristId))).map((event) => event.type)).toEqual(['TakeRecorded', 'TakeRecorded', 'TakeRenamed', 'TakeDeleted']);

      // What was recorded does not change, and a deleted take stays deleted: both answer the server's document.
      const renamed = after.documents[0]!;
      const moved = await push(guitarist, [{ assumedMasterState: renamed, newDocumentState: { ...renamed, tempo: 1 } }]);
      expect(moved.map(content)).toEqual([content(renamed)]);
      const tombstone = after.documents[1]!;
      const revived = await push(guitarist, [{ assumedMasterState: tombstone, newDocumentState: { ...tombstone, _deleted: false } }]);
      expect(revived.map((doc) => [doc.id, doc._deleted])).toEqual([[second.id, true]]);
      // A device that still thought the old name renames from a stale state: a conflict, the server's name wins.
      const stale = await push(guitarist, [{ assumedMasterState: firstMaster, newDocumentState: { ...firstMaster, name: 'Other name' } }]);
      expect(stale.map((doc) => doc.name)).toEqual(['Keeper']);
    });

    it('refuses another user’s take and a song the library never knew; the other user sees none of it', async () => {
      const mine = take(2, { name: 'Groove' });
      expect(await push(guitarist, [{ assumedMasterState: null, newDocumentState: mine }])).toEqual([]);
      const [master] = (await pull(guitarist)).documents.filter((doc) => doc.id === mine.id) as [TakeDocument];

      // The drummer pushes the guitarist's take id (rename, delete, or claim it as new): refused, nothing written.
      const before = (await env.app.store.readStream(takesStream(guitaristId))).length;
      const refused = await push(drummer, [
        { assumedMasterState: master, newDocumentState: { ...master, name: 'Mine now' } },
        { assumedMasterState: null, newDocumentState: { ...mine, name: 'Mine now' } },
      ]);
      expect(refused.map((doc) => [doc.id, doc._deleted])).toEqual([
        [mine.id, true],
        [mine.id, true],
      ]);
      expect((await env.app.store.readStream(takesStream(guitaristId))).length).toBe(before);
      expect((await pull(drummer)).documents).toEqual([]);
      expect((await pull(guitarist)).documents.find((doc) => doc.id === mine.id)?.name).toBe('Groove');

      const unknownSong = take(999);
      expect((await push(drummer, [{ assumedMasterState: null, newDocumentState: unknownSong }])).map((doc) => doc._deleted)).toEqual([true]);
      expect((await pull(drummer)).documents).toEqual([]);
    });

    it('is a 400 for a malformed push and a 401 for visitors', async () => {
      const bad = async (body: unknown) => (await guitarist.post('/api/sync/takes/push', body)).status;
      expect(await bad([{ assumedMasterState: null, newDocumentState: { ...take(1), audio: 'AAAA' } }])).toBe(400);
      expect(await bad([{ assumedMasterState: null, newDocumentState: { ...take(1), tempo: 2 } }])).toBe(400);
      expect(await bad([{ assumedMasterState: null, newDocumentState: { ...take(1), id: 'not-a-uuid' } }])).toBe(400);
      expect(await bad([{ assumedMasterState: null, newDocumentState: { ...take(1), name: '   ' } }])).toBe(400);
      const visitor = new TestBrowser(env.app.url);
      expect((await visitor.get('/api/sync/takes/pull')).status).toBe(401);
      expect((await visitor.post('/api/sync/takes/push', [])).status).toBe(401);
    });

    it('streams a new take to the user’s other devices, and the practice log lists takes per song; a rebuild gives the same pages', async () => {
      const stream = await openSse(env.app.url, guitarist, '/api/sync/stream');
      try {
        await stream.waitFor((item) => dataOf(item) === 'RESYNC');
        const mark = stream.items.length;
        const live = take(2, { name: 'Live one', recordedAt: Date.parse('2026-11-24T11:00:00.000Z'), durationSeconds: 30 });
        expect(await push(guitarist, [{ assumedMasterState: null, newDocumentState: live }])).toEqual([]);
        const { item } = await stream.waitFor(
          (entry) => {
            const data = dataOf(entry) as { collection?: string; documents?: TakeDocument[] } | undefined;
            return data?.collection === 'takes' && data.documents!.some((doc) => doc.id === live.id);
          },
          { from: mark },
        );
        expect((dataOf(item) as { checkpoint: unknown }).checkpoint).toEqual({ position: expect.any(String) });
      } finally {
        stream.close();
      }

      // The app runs on the real clock here: today as UTC has it, which every zone's day is near.
      const today = new Date().toISOString().slice(0, 10);
      const summary = await guitarist.get<PracticeSummary>(`/api/practice/summary?today=${today}`);
      expect(summary.status).toBe(200);
      expect(summary.body.takes.map((song) => [song.songId, song.title, song.count, song.recent.map((recent) => recent.name)])).toEqual([
        [2, 'Song 2', 2, ['Live one', 'Groove']],
        [1, 'Song 1', 1, ['Keeper']],
      ]);
      expect(summary.body.takes[0]).toMatchObject({ totalSeconds: 72.5, lastRecordedAt: '2026-11-24T11:00:00.000Z' });
      expect(summary.body.takes[1]!.recent[0]).toEqual({ takeId: expect.any(String), name: 'Keeper', recordedAt: '2026-11-24T10:00:00.000Z', durationSeconds: 42.5, tempo: 0.8, transpose: -2 });
      expect((await drummer.get<PracticeSummary>(`/api/practice/summary?today=${today}`)).body.takes).toEqual([]);

      const before = await pull(guitarist);
      expect((await env.app.projections.rebuild('takes')).kind).toBe('swapped');
      expect(await pull(guitarist)).toEqual(before);
    });
  },
);
