import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import type { Song as SongResponse, SongWithLyrics as SongWithLyricsResponse } from '../../../contract/song';
import { link, scanSongs, wav, write } from './testing/song-files';

const root = mkdtempSync(path.join(tmpdir(), 'woodshed-song-escape-'));
const songsDir = path.join(root, 'songs');
const secret = path.join(root, 'outside', 'secret.txt');
const secretText = 'root:x:0:0:secret outside the library\n';
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeAppOnEveryDatabase('song text files outside the songs directory', { config: { authSecret: testAuthSecret, songsDir } }, (env) => {
  let browser: TestBrowser;
  const ids: Record<string, number> = {};

  beforeAll(() => {
    rmSync(songsDir, { recursive: true, force: true });
    write(secret, secretText);
    // Linked out from the start: the scan must not record them.
    write(path.join(songsDir, 'linked', 'drums.wav'), wav(1));
    link(path.join(songsDir, 'linked', 'lyrics.lrc'), secret);
    link(path.join(songsDir, 'linked', 'chords', 'guitar.txt'), secret);
    write(path.join(songsDir, 'linked', 'chords', 'master.txt'), '[00:00.00] Am\n');
    // A link inside the library is fine.
    link(path.join(songsDir, 'linked', 'chords', 'bass.txt'), path.join(songsDir, 'linked', 'chords', 'master.txt'));
    // Regular at scan time, swapped for links (and grown) afterwards: the server must check on each read.
    write(path.join(songsDir, 'swapped', 'drums.wav'), wav(1));
    write(path.join(songsDir, 'swapped', 'lyrics.lrc'), '[00:01.00] hello\n');
    write(path.join(songsDir, 'swapped', 'chords', 'guitar.txt'), '[00:00.00] A5\n');
    write(path.join(songsDir, 'swapped', 'chords', 'master.txt'), '[00:00.00] C\n');
  });

  it('reports lyrics and chord files linked out of the songs directory and does not record them', async () => {
    ({ browser } = await signInWithCode(env.app.url, 'escaper@example.com'));
    const progress = await scanSongs(browser);
    expect(progress.problems).toEqual(
      expect.arrayContaining([
        { song: 'linked', file: 'lyrics.lrc', message: expect.stringContaining('outside the songs directory') },
        { song: 'linked', file: 'chords/guitar.txt', message: expect.stringContaining('outside the songs directory') },
      ]),
    );
    expect(progress.problems).toHaveLength(2);
    const list = (await browser.get<SongResponse[]>('/api/songs')).body;
    for (const song of list) ids[song.title] = song.id;
    expect(list.find((song) => song.title === 'linked')).toMatchObject({ hasLyrics: false, chordInstruments: ['master', 'bass'] });
    expect(list.find((song) => song.title === 'swapped')).toMatchObject({ hasLyrics: true, chordInstruments: ['master', 'guitar'] });

    const linked = await browser.get<SongWithLyricsResponse>(`/api/songs/${ids.linked}`);
    expect(linked.body.lyrics).toBeNull();
    expect((await browser.get(`/api/songs/${ids.linked}/chords?instrument=guitar`)).status).toBe(400);
    expect((await browser.get(`/api/songs/${ids.linked}/chords?instrument=bass`)).body).toEqual({ instrument: 'bass', text: '[00:00.00] Am\n' });
  });

  it('does not serve lyrics or a chord file that became a link out of the songs directory since the scan', async () => {
    const before = await browser.get<SongWithLyricsResponse>(`/api/songs/${ids.swapped}`);
    expect(before.body.lyrics).toBe('[00:01.00] hello\n');
    expect((await browser.get(`/api/songs/${ids.swapped}/chords?instrument=guitar`)).body).toEqual({ instrument: 'guitar', text: '[00:00.00] A5\n' });

    link(path.join(songsDir, 'swapped', 'lyrics.lrc'), secret);
    link(path.join(songsDir, 'swapped', 'chords', 'guitar.txt'), secret);
    const song = await browser.get<SongWithLyricsResponse>(`/api/songs/${ids.swapped}`);
    expect(song.status).toBe(200);
    expect(song.body.lyrics).toBeNull();
    expect(JSON.stringify(song.body)).not.toContain('secret outside');
    const chords = await browser.get(`/api/songs/${ids.swapped}/chords?instrument=guitar`);
    expect(chords.status).toBe(404);
    expect(JSON.stringify(chords.body)).not.toContain('secret outside');
  });

  it('refuses a chord file over 1 MiB', async () => {
    write(path.join(songsDir, 'swapped', 'chords', 'master.txt'), `[00:00.00] C\n${'x'.repeat(1024 * 1024)}`);
    const chords = await browser.get(`/api/songs/${ids.swapped}/chords?instrument=master`);
    expect(chords.status).toBe(404);
    // Exactly the cap is still served.
    write(path.join(songsDir, 'swapped', 'chords', 'master.txt'), 'y'.repeat(1024 * 1024));
    const atCap = await browser.get<{ text: string }>(`/api/songs/${ids.swapped}/chords?instrument=master`);
    expect(atCap.status).toBe(200);
    expect(atCap.body.text).toHaveLength(1024 * 1024);
  });
});
