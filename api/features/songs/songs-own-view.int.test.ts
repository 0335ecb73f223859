import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import type { Song as SongResponse } from '../../../contract/song';
import { scanSongs, wav, write } from './testing/song-files';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-song-own-view-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));

const adminEmail = 'librarian@example.com';
type PulledSong = { id: string; title: string; genre: string | null; genre2: string | null; key: string | null; bpm: number | null; difficulty: number };
type PullPage = { documents: PulledSong[]; checkpoint: { position: string } | null };

/** Every song document a user's client pulls from the beginning, the last version of each. */
async function pulledSongs(browser: TestBrowser): Promise<Map<string, PulledSong>> {
  const songs = new Map<string, PulledSong>();
  let position: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '1', ...(position !== undefined && { position }) });
    const page = await browser.get<PullPage>(`/api/sync/songs/pull?${query.toString()}`);
    expect(page.status).toBe(200);
    if (page.body.documents.length === 0) return songs;
    for (const song of page.body.documents) songs.set(song.id, song);
    position = page.body.checkpoint!.position;
  }
}

describeAppOnEveryDatabase(
  "a musician's own view of song details",
  { config: { authSecret: testAuthSecret, songsDir, audioAnalysis: false, adminEmails: [adminEmail] } },
  (env) => {
    let admin: TestBrowser;
    let ann: TestBrowser;
    let annId: number;
    let bob: TestBrowser;
    let bobId: number;
    let alpha: number;
    let beta: number;

    beforeAll(async () => {
      rmSync(songsDir, { recursive: true, force: true });
      write(path.join(songsDir, 'alpha', 'drums.wav'), wav(1));
      write(path.join(songsDir, 'alpha', 'song.json'), JSON.stringify({ title: 'Alpha', genre: 'Rock', bpm: 120, key: 'E major', difficulty: 4 }));
      write(path.join(songsDir, 'beta', 'drums.wav'), wav(1));
      write(path.join(songsDir, 'beta', 'song.json'), JSON.stringify({ title: 'Beta', genre: 'Funk' }));
      // The administrator signs up first, so the musicians are not user id 1 (an administrator too).
      ({ browser: admin } = await signInWithCode(env.app.url, adminEmail));
      ({ browser: ann, user: { id: annId } } = await signInWithCode(env.app.url, 'ann@example.com'));
      ({ browser: bob, user: { id: bobId } } = await signInWithCode(env.app.url, 'bob@example.com'));
      await scanSongs(admin);
      const listed = (await admin.get<SongResponse[]>('/api/songs')).body;
      alpha = listed.find((song) => song.title === 'Alpha')!.id;
      beta = listed.find((song) => song.title === 'Beta')!.id;
    });

    it("applies a musician's edit to their own view only: GET, the list's order and the sync pull", async () => {
      const catalogueEvents = (await env.app.store.readStream(`song-${alpha}`)).length;
      const renamed = await ann.patch<SongResponse>(`/api/songs/${alpha}/metadata`, { title: 'Zeta (my take)', bpm: 96, key: null, difficulty: 9 });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ title: 'Zeta (my take)', bpm: 96, key: null, difficulty: 9, genre: 'Rock' });
      const regenred = await ann.patch<SongResponse>(`/api/songs/${alpha}/genre`, { genre: 'Jazz', genre2: 'Blues' });
      expect(regenred.body).toMatchObject({ title: 'Zeta (my take)', genre: 'Jazz', genre2: 'Blues' });

      // Nothing on the song's shared stream: the edits are on Ann's own stream.
      expect(await env.app.store.readStream(`song-${alpha}`)).toHaveLength(catalogueEvents);
      expect((await env.app.store.readStream(`song-details-${annId}`)).map((event) => event.type)).toEqual(['SongDetailsEditedForUser', 'SongDetailsEditedForUser']);

      const original = { title: 'Alpha', genre: 'Rock', genre2: null, bpm: 120, key: 'E major', difficulty: 4 };
      const annsView = { title: 'Zeta (my take)', genre: 'Jazz', genre2: 'Blues', bpm: 96, key: null, difficulty: 9 };
      expect((await ann.get<SongResponse>(`/api/songs/${alpha}`)).body).toMatchObject(annsView);
      expect((await bob.get<SongResponse>(`/api/songs/${alpha}`)).body).toMatchObject(original);
      expect((await admin.get<SongResponse>(`/api/songs/${alpha}`)).body).toMatchObject(original);
      // The list is sorted by the title each user sees.
      expect((await ann.get<SongResponse[]>('/api/songs')).body.map((song) => song.title)).toEqual(['Beta', 'Zeta (my take)']);
      expect((await bob.get<SongResponse[]>('/api/songs')).body.map((song) => song.title)).toEqual(['Alpha', 'Beta']);

      expect((await pulledSongs(ann)).get(String(alpha))).toMatchObject(annsView);
      expect((await pulledSongs(bob)).get(String(alpha))).toMatchObject(original);
    });

    it('sends a client that synced before the edit the changed song on its next pull', async () => {
      const before = await bob.get<PullPage>('/api/sync/songs/pull?limit=100');
      const checkpoint = before.body.checkpoint!.position;
      expect((await bob.patch(`/api/songs/${beta}/genre`, { genre: 'Soul', genre2: '' })).status).toBe(200);
      const next = await bob.get<PullPage>(`/api/sync/songs/pull?limit=100&position=${encodeURIComponent(checkpoint)}`);
      expect(next.body.documents).toEqual([expect.objectContaining({ id: String(beta), genre: 'Soul', genre2: null })]);
      expect((await ann.get<SongResponse>(`/api/songs/${beta}`)).body).toMatchObject({ genre: 'Funk' });
      // The same edit again changes nothing and appends nothing.
      const events = (await env.app.store.readStream(`song-details-${bobId}`)).length;
      expect((await bob.patch(`/api/songs/${beta}/genre`, { genre: 'Soul' })).status).toBe(200);
      expect(await env.app.store.readStream(`song-details-${bobId}`)).toHaveLength(events);
    });

    it("shows an administrator's edit to everyone, except in a field a musician set for themselves", async () => {
      expect((await admin.patch(`/api/songs/${alpha}/metadata`, { title: 'Alpha (Live)', bpm: 130 })).status).toBe(200);
      expect((await admin.patch(`/api/songs/${beta}/genre`, { genre: 'Disco', genre2: '' })).status).toBe(200);
      expect((await bob.get<SongResponse>(`/api/songs/${alpha}`)).body).toMatchObject({ title: 'Alpha (Live)', bpm: 130 });
      expect((await ann.get<SongResponse>(`/api/songs/${beta}`)).body).toMatchObject({ genre: 'Disco' });
      expect((await ann.get<SongResponse>(`/api/songs/${alpha}`)).body).toMatchObject({ title: 'Zeta (my take)', bpm: 96 });
      expect((await pulledSongs(bob)).get(String(alpha))).toMatchObject({ title: 'Alpha (Live)', bpm: 130 });
      expect((await pulledSongs(ann)).get(String(alpha))).toMatchObject({ title: 'Zeta (my take)', bpm: 96 });
    });

    it('refuses bad edits with 400 and appends nothing', async () => {
      const events = (await env.app.store.readStream(`song-details-${annId}`)).length;
      expect((await ann.patch(`/api/songs/${alpha}/metadata`, { title: '' })).status).toBe(400);
      expect((await ann.patch(`/api/songs/${alpha}/metadata`, { bpm: 900 })).status).toBe(400);
      expect((await ann.patch(`/api/songs/${alpha}/genre`, { genre: 'x'.repeat(41) })).status).toBe(400);
      expect(await env.app.store.readStream(`song-details-${annId}`)).toHaveLength(events);
    });

    it('rebuilds the own views by replay to the same rows', async () => {
      const rows = async () => (await env.app.sql.query('SELECT user_id, song_id, fields, position FROM song_overlays ORDER BY user_id, song_id')).rows;
      const beforeReplay = await rows();
      expect(beforeReplay).toHaveLength(2);
      expect((await env.app.projections.rebuild('songs')).kind).toBe('swapped');
      expect(await rows()).toEqual(beforeReplay);
      expect((await ann.get<SongResponse>(`/api/songs/${alpha}`)).body).toMatchObject({ title: 'Zeta (my take)', genre: 'Jazz' });
    });
  },
);
