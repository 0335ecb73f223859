import { beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { START } from '../../../events/store/event-store';
import { listCatalogueSongChanges, listOverlayChangesOfUsers } from '../../../projections/songs/songs-sync-queries';
import { catalogueSongs } from '../presets/testing/catalogue-songs';
import { songsOfEachUser } from './songs-of-each-user';
import type { PullPage, SongDocument } from '../../../contract/sync-documents';
import { type SseItem, openSse } from './testing/sse-client';
import { routersWithFastSync } from './testing/routers-with-fast-sync';

type SongsMessage = { collection: 'songs'; documents: SongDocument[]; checkpoint: { position: string } };
const songsMessage = (match: (documents: SongDocument[]) => boolean) => (item: SseItem) => {
  const data = item.kind === 'data' ? (item.data as Partial<SongsMessage>) : undefined;
  return data?.collection === 'songs' && match(data.documents ?? []);
};
const songMessages = (items: readonly SseItem[], from: number): SongsMessage[] =>
  items.slice(from).flatMap((item) => (item.kind === 'data' && (item.data as Partial<SongsMessage>).collection === 'songs' ? [item.data as SongsMessage] : []));

describeAppOnEveryDatabase(
  "sync: each user's songs as they see them (own edits, decision 0063)",
  {
    config: { authSecret: testAuthSecret, adminEmails: ['librarian@example.com'] },
    routers: routersWithFastSync(),
  },
  (env) => {
    let admin: TestBrowser;
    let ann: TestBrowser;
    let bob: TestBrowser;
    let bobId: number;
    const open = (browser: TestBrowser) => openSse(env.app.url, browser, '/api/sync/stream');

    beforeAll(async () => {
      await catalogueSongs(env.app, [1, 2].map((songId) => ({ songId, stems: ['drums.wav'] })));
      ({ browser: admin } = await signInWithCode(env.app.url, 'librarian@example.com'));
      ({ browser: ann } = await signInWithCode(env.app.url, 'ann@example.com'));
      ({ browser: bob, user: { id: bobId } } = await signInWithCode(env.app.url, 'bob@example.com'));
    });

    it("streams a musician's own edit to them only, and later shared changes to each with their own view", async () => {
      const annStream = await open(ann);
      const bobStream = await open(bob);
      try {
        for (const stream of [annStream, bobStream]) await stream.waitFor((item) => item.kind === 'data' && item.data === 'RESYNC');
        const annMark = annStream.items.length;
        const bobMark = bobStream.items.length;

        expect((await ann.patch('/api/songs/1/metadata', { title: 'My Song One' })).status).toBe(200);
        const { item } = await annStream.waitFor(songsMessage((docs) => docs.some((doc) => doc.id === '1' && doc.title === 'My Song One')), { from: annMark });
        // The stream's checkpoint is the pull's: pulling from it returns nothing new.
        const { checkpoint } = item.kind === 'data' ? (item.data as SongsMessage) : { checkpoint: { position: '' } };
        expect((await ann.get<PullPage<SongDocument>>(`/api/sync/songs/pull?position=${encodeURIComponent(checkpoint.position)}`)).body.documents).toEqual([]);

        // A shared change (a play by Bob) reaches both: Ann's copy keeps her title, Bob's the catalogue's.
        expect((await bob.post('/api/songs/1/play')).status).toBe(200);
        await annStream.waitFor(songsMessage((docs) => docs.some((doc) => doc.id === '1' && doc.playCount === 1 && doc.title === 'My Song One')), { from: annMark });
        await bobStream.waitFor(songsMessage((docs) => docs.some((doc) => doc.id === '1' && doc.playCount === 1 && doc.title === 'Song 1')), { from: bobMark });
        // An administrator's rename is everyone's, but Ann's own title stands in her view.
        expect((await admin.patch('/api/songs/2/metadata', { title: 'Song Two' })).status).toBe(200);
        await bobStream.waitFor(songsMessage((docs) => docs.some((doc) => doc.id === '2' && doc.title === 'Song Two')), { from: bobMark });
        await annStream.waitFor(songsMessage((docs) => docs.some((doc) => doc.id === '2' && doc.title === 'Song Two')), { from: annMark });

        expect(songMessages(bobStream.items, bobMark).flatMap((message) => message.documents).filter((doc) => doc.title === 'My Song One')).toEqual([]);
      } finally {
        annStream.close();
        bobStream.close();
      }
    });

    it("gives a song's current values but never a position past what the poll saw", async () => {
      const [song] = await listCatalogueSongChanges(env.app.sql, START, 1);
      expect((await bob.patch(`/api/songs/${song!.id}/genre`, { genre: 'Polka' })).status).toBe(200);
      const [own] = await listOverlayChangesOfUsers(env.app.sql, [bobId], START, 10);
      expect(own!.position > song!.position).toBe(true);
      // The poll saw the catalogue change but not yet Bob's edit (it came after `upTo`).
      const seenBefore = (await songsOfEachUser(env.app.sql, [bobId], [song!], [], song!.position)).get(bobId);
      expect(seenBefore).toEqual([expect.objectContaining({ id: song!.id, genre: 'Polka', position: song!.position })]);
      const seenAfter = (await songsOfEachUser(env.app.sql, [bobId], [song!], [own!], own!.position)).get(bobId);
      expect(seenAfter).toEqual([expect.objectContaining({ id: song!.id, genre: 'Polka', position: own!.position })]);
    });
  },
);
