import { beforeAll, expect, it } from 'vitest';
import { rateLimitRule } from '../../rate-limits/rate-limit-rule';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestApp } from '../../testing/start-test-app';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import { catalogueSongs } from '../presets/testing/catalogue-songs';
import { startProSubscription } from '../subscription/testing/seed-subscription';
import type { PresetDocument, PullPage, StarDocument } from '../../../contract/sync-documents';
import { routersWithFastSync } from './testing/routers-with-fast-sync';

const songCount = 40;
const stems = ['drums.wav', 'bass.wav'];
const star = (id: number, starred: boolean): StarDocument => ({ id: String(id), starred, updatedAt: Date.now(), _deleted: false });
const preset = (id: number, drums: number): PresetDocument => ({
  id: String(id),
  volumes: { 'drums.wav': drums },
  mutes: {},
  tempo: 1,
  transpose: 0,
  updatedAt: Date.now(),
  _deleted: false,
});
// Small enough to reach in a test; the app's own rule is the same mechanism with a larger limit.
const pushLimit = rateLimitRule({ name: 'sync-pushes-per-user-test', limit: 3, windowMs: 60 * 60_000, refusal: 'Too many sync pushes from your account.' });

/** How many transactions wrote the events of `stream`, and how many events there are. */
async function streamWrites(app: TestApp, stream: string): Promise<{ events: number; transactions: number }> {
  const { rows } = await app.sql.query<{ events: string; transactions: string }>(
    'SELECT count(*) AS events, count(DISTINCT tx_id) AS transactions FROM events WHERE stream_id = $1',
    [stream],
  );
  return { events: Number(rows[0]!.events), transactions: Number(rows[0]!.transactions) };
}

async function eventCount(app: TestApp): Promise<number> {
  const { rows } = await app.sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]!.count);
}

describeAppOnEveryDatabase(
  'sync push: one command per stream, a per-user limit, a size limit',
  {
    config: { authSecret: testAuthSecret },
    // A clock that stands still: the push limit counts in fixed hourly windows, which a run may cross.
    clock: testClock(),
    routers: routersWithFastSync({ router: { pushLimit } }),
  },
  (env) => {
    let browser: TestBrowser;
    let userId: number;

    beforeAll(async () => {
      await catalogueSongs(env.app, Array.from({ length: songCount }, (_, index) => ({ songId: index + 1, stems })));
      ({ browser, user: { id: userId } } = await signInWithCode(env.app.url, 'pusher@example.com'));
      await startProSubscription(env.app, userId);
    });

    it('appends a push of many stars in one transaction, deciding its rows in order', async () => {
      const rows: Array<{ assumedMasterState: StarDocument | null; newDocumentState: StarDocument }> = Array.from({ length: songCount }, (_, index) => ({
        assumedMasterState: null,
        newDocumentState: star(index + 1, true),
      }));
      // The same song twice: the second row is decided on the state the first left.
      rows.push({ assumedMasterState: star(1, true), newDocumentState: star(1, false) });
      // A row whose assumed master is stale comes back with the server's document.
      rows.push({ assumedMasterState: null, newDocumentState: star(2, false) });
      const pushed = await browser.post<StarDocument[]>('/api/sync/stars/push', rows);
      expect(pushed.status).toBe(200);
      expect(pushed.body).toEqual([{ id: '2', starred: true, updatedAt: expect.any(Number), _deleted: false }]);
      expect(await streamWrites(env.app, `song-stars-${userId}`)).toEqual({ events: songCount + 1, transactions: 1 });
      const pulled = await browser.get<PullPage<StarDocument>>('/api/sync/stars/pull?limit=500');
      const starred = pulled.body.documents.filter((document) => document.starred).map((document) => Number(document.id));
      expect(starred.sort((a, b) => a - b)).toEqual(Array.from({ length: songCount - 1 }, (_, index) => index + 2));
    });

    it('applies a presets push on every song, each song’s stream in one append, and the pull sees it at once', async () => {
      const rows: Array<{ assumedMasterState: PresetDocument | null; newDocumentState: PresetDocument }> = [1, 2, 3].map((songId) => ({
        assumedMasterState: null,
        newDocumentState: preset(songId, 0.5),
      }));
      rows.push({ assumedMasterState: preset(1, 0.5), newDocumentState: preset(1, 0.25) });
      const pushed = await browser.post<PresetDocument[]>('/api/sync/presets/push', rows);
      expect(pushed.status).toBe(200);
      expect(pushed.body).toEqual([]);
      expect(await streamWrites(env.app, `song-preset-${userId}-1`)).toEqual({ events: 2, transactions: 1 });
      const pulled = await browser.get<PullPage<PresetDocument>>('/api/sync/presets/pull');
      expect(Object.fromEntries(pulled.body.documents.map((document) => [document.id, document.volumes['drums.wav']]))).toEqual({ 1: 0.25, 2: 0.5, 3: 0.5 });
    });

    it('refuses pushes over the per-user limit with 429 and Retry-After, changing nothing; bad pushes use up no allowance', async () => {
      // Two pushes so far (the tests above); a malformed one is refused before it is counted.
      const malformed = await browser.post<{ error: { code: string } }>('/api/sync/stars/push', [{ newDocumentState: { id: 'x' } }]);
      expect(malformed.status).toBe(400);
      expect((await browser.post('/api/sync/stars/push', [{ assumedMasterState: star(1, false), newDocumentState: star(1, true) }])).status).toBe(200);
      const before = await eventCount(env.app);
      const refused = await browser.post<{ error: { code: string; message: string } }>('/api/sync/presets/push', [
        { assumedMasterState: null, newDocumentState: preset(4, 0.5) },
      ]);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
      expect(refused.body.error.message).toMatch(/^Too many sync pushes from your account\. Please try again in /);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await eventCount(env.app)).toBe(before);
      // Another user has an allowance of their own.
      const { browser: someoneElse } = await signInWithCode(env.app.url, 'other-pusher@example.com');
      expect((await someoneElse.post('/api/sync/stars/push', [{ assumedMasterState: null, newDocumentState: star(5, true) }])).status).toBe(200);
    });

    it('refuses a push body over 100 KB with 413 naming the limit, changing nothing', async () => {
      const { browser: heavy } = await signInWithCode(env.app.url, 'heavy-pusher@example.com');
      const before = await eventCount(env.app);
      const longStemId = 'x'.repeat(250);
      const document = { ...preset(1, 0.5), volumes: Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`${longStemId}${index}`, 0.5])) };
      const rows = Array.from({ length: 20 }, () => ({ assumedMasterState: null, newDocumentState: document }));
      const refused = await heavy.post<{ error: { code: string; message: string } }>('/api/sync/presets/push', rows);
      expect(refused.status).toBe(413);
      expect(refused.body.error).toEqual({ code: 'payload_too_large', message: 'The request body is too large: a JSON body may be at most 100 KB.' });
      expect(await eventCount(env.app)).toBe(before);
    });
  },
);
