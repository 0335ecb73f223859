import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import { bpmDetectionsPerUser, songScansPerUser } from './song-limits';
import type { Song as SongResponse } from '../../../contract/song';
import { scanSongs, wav, write } from './testing/song-files';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-song-permissions-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));

const adminEmail = 'librarian@example.com';
type ErrorBody = { error: { code: string; message: string } };

describeAppOnEveryDatabase(
  'who may change the shared song catalogue',
  // A clock that stands still: the hourly limits count in fixed windows, and a run crossing the hour would start a new one.
  { config: { authSecret: testAuthSecret, songsDir, audioAnalysis: false, adminEmails: [adminEmail] }, clock: testClock() },
  (env) => {
    let admin: TestBrowser;
    let musician: TestBrowser;
    let songId: number;

    beforeAll(async () => {
      rmSync(songsDir, { recursive: true, force: true });
      write(path.join(songsDir, 'alpha', 'drums.wav'), wav(1));
      write(path.join(songsDir, 'alpha', 'song.json'), JSON.stringify({ title: 'Alpha', genre: 'Rock', bpm: 120 }));
      // The administrator signs up first, so the musician is not user id 1 (an administrator too).
      ({ browser: admin } = await signInWithCode(env.app.url, adminEmail));
      ({ browser: musician } = await signInWithCode(env.app.url, 'musician@example.com'));
      await scanSongs(admin);
      songId = (await admin.get<SongResponse[]>('/api/songs')).body[0]!.id;
    });

    it("keeps a musician's edits and BPM detections out of the shared catalogue", async () => {
      const before = (await env.app.store.readStream(`song-${songId}`)).length;
      expect((await musician.patch(`/api/songs/${songId}/metadata`, { title: 'Mine Now' })).status).toBe(200);
      expect((await musician.patch(`/api/songs/${songId}/metadata`, { bpm: 90, difficulty: 2 })).status).toBe(200);
      expect((await musician.patch(`/api/songs/${songId}/genre`, { genre: 'Jazz', genre2: '' })).status).toBe(200);
      // A one-second tone has no tempo: 422, and nothing recorded.
      expect((await musician.post(`/api/songs/${songId}/rescan-bpm`)).status).toBe(422);
      expect(await env.app.store.readStream(`song-${songId}`)).toHaveLength(before);
      expect((await admin.get<SongResponse>(`/api/songs/${songId}`)).body).toMatchObject({ title: 'Alpha', genre: 'Rock', bpm: 120 });
      expect((await musician.get<SongResponse>(`/api/songs/${songId}`)).body).toMatchObject({ title: 'Mine Now', genre: 'Jazz', bpm: 90 });
    });

    it('lets an administrator change a song for everyone', async () => {
      const renamed = await admin.patch<SongResponse>(`/api/songs/${songId}/metadata`, { title: 'Alpha (Live)' });
      expect(renamed.status).toBe(200);
      expect((await admin.patch<SongResponse>(`/api/songs/${songId}/genre`, { genre: 'Jazz', genre2: '' })).status).toBe(200);
      expect((await admin.get<SongResponse>(`/api/songs/${songId}`)).body).toMatchObject({ title: 'Alpha (Live)', genre: 'Jazz' });
      // Another user who never edited the song sees the administrator's change.
      const { browser: newcomer } = await signInWithCode(env.app.url, 'newcomer@example.com');
      expect((await newcomer.get<SongResponse>(`/api/songs/${songId}`)).body).toMatchObject({ title: 'Alpha (Live)', genre: 'Jazz' });
    });

    it('lets each user start a limited number of scans an hour, then answers 429 with Retry-After', async () => {
      // The admin's scan in beforeAll counts for the admin only.
      for (let scan = 0; scan < songScansPerUser.limit; scan++) await scanSongs(musician);
      const refused = await musician.post<ErrorBody>('/api/songs/scan');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body.error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^You have started too many library scans\. Please try again/) });
      expect((await musician.get<{ isScanning: boolean }>('/api/songs/scan/progress')).body.isScanning).toBe(false);
      // Another user's allowance is their own.
      expect((await scanSongs(admin)).summary).toMatchObject({ unchanged: 1 });
    });

    it('limits BPM detections per user with 429', async () => {
      for (let detection = 0; detection < bpmDetectionsPerUser.limit; detection++) {
        // A one-second tone has no tempo: 422, and still a detection that used the analysis worker.
        expect((await admin.post(`/api/songs/${songId}/rescan-bpm`)).status).toBe(422);
      }
      const refused = await admin.post<ErrorBody>(`/api/songs/${songId}/rescan-bpm`);
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toMatch(/^You have asked for too many BPM detections\. Please try again/);
    });
  },
);
