import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestApp } from '../../testing/start-test-app';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { pino } from 'pino';
import { type ScanProgress, SongScanner } from './song-scan';
import type { Song as SongResponse, SongWithLyrics as SongWithLyricsResponse } from '../../../contract/song';
import { scanSongs, wav, write } from './testing/song-files';

const lyrics = '[Verse]\n[00:01.00]<00:01.00>Hello <00:01.50>world\n';
const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-songs-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));

function writeLibrary(root: string): void {
  const alpha = path.join(root, 'alpha');
  write(path.join(alpha, 'drums.wav'), wav(2));
  write(path.join(alpha, 'Bass Guitar.wav'), wav(3));
  write(path.join(alpha, 'vocals.wav'), wav(1));
  write(path.join(alpha, 'song.json'), JSON.stringify({ title: 'Alpha Song', genre: 'Rock', key: 'A minor', bpm: 120, difficulty: 3 }));
  write(path.join(alpha, 'lyrics.lrc'), lyrics);
  write(path.join(alpha, 'chords', 'master.txt'), '[00:00.00] Am\n[00:01.00] F\n');
  write(path.join(alpha, 'chords', 'guitar.txt'), '[00:00.00] A5\n');
  write(path.join(alpha, 'sections.json'), JSON.stringify([{ type: 'verse', startTime: 0, endTime: 3 }]));
  // One good stem, garbage, a header cut short, and a song.json with bad values.
  const broken = path.join(root, 'broken');
  write(path.join(broken, 'keys.wav'), wav(1.5));
  write(path.join(broken, 'garbage.mp3'), Buffer.from('this is not audio at all '.repeat(40)));
  write(path.join(broken, 'truncated.wav'), wav(1).subarray(0, 30));
  write(path.join(broken, 'song.json'), JSON.stringify({ title: 'Broken One', bpm: 'fast', difficulty: 11, genre: 'Jazz' }));
  // Odd names: spaces, quotes, unicode; no song.json (the folder names the song).
  write(path.join(root, "Spaced 'Name' ü", 'fx – riser.wav'), wav(0.5));
  write(path.join(root, '.partial', 'drums.wav'), wav(1));
  write(path.join(root, 'notes', 'readme.txt'), 'not a song');
}

async function eventCount(app: TestApp): Promise<number> {
  const { rows } = await app.sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]?.count);
}

async function songTypes(app: TestApp, songId: number): Promise<string[]> {
  return (await app.store.readStream(`song-${songId}`)).map((event) => event.type);
}

describeAppOnEveryDatabase('songs', { config: { authSecret: testAuthSecret, songsDir, adminEmails: ['scanner@example.com'] } }, (env) => {
  let browser: TestBrowser;
  const ids: Record<string, number> = {};
  // Each database's run starts from the same files (the tests change them).
  beforeAll(() => {
    rmSync(songsDir, { recursive: true, force: true });
    writeLibrary(songsDir);
  });

  it('answers 401 to visitors on every call', async () => {
    const visitor = new TestBrowser(env.app.url);
    const calls: Array<[string, string]> = [
      ['GET', '/api/songs'],
      ['GET', '/api/songs/1'],
      ['POST', '/api/songs/1/play'],
      ['PATCH', '/api/songs/1/starred'],
      ['PATCH', '/api/songs/1/metadata'],
      ['PATCH', '/api/songs/1/genre'],
      ['GET', '/api/songs/1/chords'],
      ['POST', '/api/songs/scan'],
      ['GET', '/api/songs/scan/progress'],
    ];
    for (const [method, url] of calls) {
      expect((await visitor.request(method, url, method === 'PATCH' ? { body: {} } : {})).status, `${method} ${url}`).toBe(401);
    }
  });

  it('scans the library: songs catalogued, bad files and values reported on their song, the scan goes on', async () => {
    ({ browser } = await signInWithCode(env.app.url, 'scanner@example.com'));
    const idle = await browser.get<ScanProgress>('/api/songs/scan/progress');
    expect(idle.body).toMatchObject({ isScanning: false, currentSong: null, currentIndex: 0, totalSongs: 0, stage: 'complete' });

    const progress = await scanSongs(browser);
    expect(progress).toMatchObject({
      isScanning: false,
      currentSong: null,
      currentIndex: 4,
      totalSongs: 4,
      stage: 'complete',
      summary: { catalogued: 3, changed: 0, unchanged: 0, removed: 0 },
    });
    expect(progress.problems).toEqual(
      expect.arrayContaining([
        { song: 'broken', file: 'garbage.mp3', message: expect.stringContaining('Not readable as audio') },
        { song: 'broken', file: 'truncated.wav', message: expect.stringContaining('Not readable as audio') },
        { song: 'broken', file: 'song.json', message: 'bpm: must be a positive number' },
        { song: 'broken', file: 'song.json', message: 'difficulty: must be a whole number from 1 to 10' },
        { song: 'notes', file: '', message: expect.stringContaining('not a song') },
      ]),
    );
    expect(progress.problems).toHaveLength(5);

    const list = await browser.get<SongResponse[]>('/api/songs');
    expect(list.status).toBe(200);
    expect(list.body.map((song) => song.title)).toEqual(['Alpha Song', 'Broken One', "Spaced 'Name' ü"]);
    for (const song of list.body) ids[song.title] = song.id;
    // Ids from 1, in the folder order of the first scan (code points: upper case first).
    expect(Object.values(ids).sort()).toEqual([1, 2, 3]);
    const alpha = list.body[0]!;
    expect(alpha).toEqual({
      id: ids['Alpha Song'],
      title: 'Alpha Song',
      genre: 'Rock',
      genre2: null,
      key: 'A minor',
      musicalKey: 'A minor',
      bpm: 120,
      firstBeat: null,
      difficulty: 3,
      duration: 3,
      starred: false,
      playCount: 0,
      hasLyrics: true,
      chordInstruments: ['master', 'guitar'],
      sections: [{ type: 'verse', startTime: 0, endTime: 3 }],
      problems: [],
      stems: ['drums.wav', 'Bass Guitar.wav', 'vocals.wav'].map((filename) => ({
        id: filename,
        songId: alpha.id,
        name: filename.replace('.wav', ''),
        instrument: { 'drums.wav': 'Drums', 'Bass Guitar.wav': 'Bass', 'vocals.wav': 'Vocals' }[filename],
        filename,
        filePath: `/api/stems/stream/${alpha.id}/${encodeURIComponent(filename)}`,
        volume: 1,
        isMuted: false,
        durationSeconds: { 'drums.wav': 2, 'Bass Guitar.wav': 3, 'vocals.wav': 1 }[filename],
      })),
    });
    const broken = list.body[1]!;
    expect(broken).toMatchObject({ genre: 'Jazz', bpm: null, difficulty: 5, duration: 1.5, hasLyrics: false, chordInstruments: [] });
    expect(broken.stems.map((stem) => stem.filename)).toEqual(['keys.wav']);
    expect(broken.problems.map((problem) => problem.file).sort()).toEqual(['garbage.mp3', 'song.json', 'song.json', 'truncated.wav']);
    expect(list.body[2]).toMatchObject({ genre: null, key: null, difficulty: 5, duration: 0.5 });
    expect(list.body[2]!.stems[0]).toMatchObject({ filename: 'fx – riser.wav', instrument: 'FX' });
  });

  it('re-scans idempotently: same songs, same ids, no new events; a changed file updates its song', async () => {
    const before = await eventCount(env.app);
    const again = await scanSongs(browser);
    expect(again.summary).toEqual({ catalogued: 0, changed: 0, unchanged: 3, removed: 0 });
    expect(await eventCount(env.app)).toBe(before);
    const list = await browser.get<SongResponse[]>('/api/songs');
    expect(Object.fromEntries(list.body.map((song) => [song.title, song.id]))).toEqual(ids);

    write(path.join(songsDir, 'alpha', 'Bass Guitar.wav'), wav(4));
    const changed = await scanSongs(browser);
    expect(changed.summary).toEqual({ catalogued: 0, changed: 1, unchanged: 2, removed: 0 });
    // Alpha's song.json and chord files give everything: its audio is not analysed.
    expect(await songTypes(env.app, ids['Alpha Song']!)).toEqual(['SongCatalogued', 'SongFilesChanged']);
    const alpha = await browser.get<SongResponse>(`/api/songs/${ids['Alpha Song']}`);
    expect(alpha.body.duration).toBe(4);
    expect(alpha.body.stems.find((stem) => stem.filename === 'Bass Guitar.wav')?.durationSeconds).toBe(4);
  });

  it('gets one song with its lyrics text; unknown ids are 404, malformed ones 400', async () => {
    const alpha = await browser.get<SongWithLyricsResponse>(`/api/songs/${ids['Alpha Song']}`);
    expect(alpha.status).toBe(200);
    expect(alpha.body).toMatchObject({ id: ids['Alpha Song'], title: 'Alpha Song', hasLyrics: true, lyrics });
    const spaced = await browser.get<SongWithLyricsResponse>(`/api/songs/${ids["Spaced 'Name' ü"]}`);
    expect(spaced.body).toMatchObject({ hasLyrics: false, lyrics: null });
    const missing = await browser.get<{ error: { code: string } }>('/api/songs/999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect((await browser.get('/api/songs/abc')).status).toBe(400);
    expect((await browser.get('/api/songs/0')).status).toBe(400);
    expect((await browser.post('/api/songs/999/play')).status).toBe(404);
    expect((await browser.patch('/api/songs/999/starred', { starred: true })).status).toBe(404);
  });

  it('records plays', async () => {
    const id = ids['Broken One']!;
    expect((await browser.post<{ playCount: number }>(`/api/songs/${id}/play`)).body).toEqual({ playCount: 1 });
    expect((await browser.post<{ playCount: number }>(`/api/songs/${id}/play`)).body).toEqual({ playCount: 2 });
    expect((await browser.get<SongResponse>(`/api/songs/${id}`)).body.playCount).toBe(2);
    const plays = await env.app.store.readStream(`song-plays-${id}`);
    expect(plays.map((event) => event.type)).toEqual(['SongPlayed', 'SongPlayed']);
  });

  it('stars per user, idempotently', async () => {
    const id = ids['Alpha Song']!;
    const starred = await browser.patch<SongResponse>(`/api/songs/${id}/starred`, { starred: true });
    expect(starred.status).toBe(200);
    expect(starred.body).toMatchObject({ id, starred: true });
    await browser.patch(`/api/songs/${id}/starred`, { starred: true });
    const { browser: other } = await signInWithCode(env.app.url, 'other@example.com');
    expect((await other.get<SongResponse>(`/api/songs/${id}`)).body.starred).toBe(false);
    expect((await browser.get<SongResponse[]>('/api/songs')).body.find((song) => song.id === id)?.starred).toBe(true);
    const userId = (await browser.get<{ id: number }>('/api/auth/me')).body.id;
    expect((await env.app.store.readStream(`song-stars-${userId}`)).map((event) => event.type)).toEqual(['SongStarred']);

    expect((await browser.patch<SongResponse>(`/api/songs/${id}/starred`, { starred: false })).body.starred).toBe(false);
    expect((await env.app.store.readStream(`song-stars-${userId}`)).map((event) => event.type)).toEqual(['SongStarred', 'SongUnstarred']);
    for (const body of [{}, { starred: 'yes' }, { starred: true, extra: 1 }]) {
      expect((await browser.patch(`/api/songs/${id}/starred`, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('edits metadata and genres with the spec’s validation; a re-scan keeps the edits', async () => {
    const id = ids['Alpha Song']!;
    const edited = await browser.patch<SongResponse>(`/api/songs/${id}/metadata`, { bpm: 128.5, key: '', difficulty: 7 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ bpm: 128.5, key: null, difficulty: 7, title: 'Alpha Song' });
    expect((await browser.patch<SongResponse>(`/api/songs/${id}/metadata`, { title: '  Alpha Prime ' })).body.title).toBe('Alpha Prime');
    // The same values again append nothing.
    const events = (await songTypes(env.app, id)).length;
    await browser.patch(`/api/songs/${id}/metadata`, { bpm: 128.5, difficulty: 7 });
    expect((await songTypes(env.app, id)).length).toBe(events);
    expect((await browser.patch<SongResponse>(`/api/songs/${id}/metadata`, { difficulty: null })).body.difficulty).toBe(5);

    const invalid: Array<[unknown, string]> = [
      [{ bpm: 0 }, 'BPM must be a positive number'],
      [{ bpm: -3 }, 'BPM must be a positive number'],
      [{ bpm: 'fast' }, 'BPM must be a positive number'],
      [{ bpm: 301 }, 'BPM must be at most 300'],
      [{ difficulty: 11 }, 'Difficulty must be a number between 1 and 10'],
      [{ difficulty: 0 }, 'Difficulty must be a number between 1 and 10'],
      [{ difficulty: 2.5 }, 'Difficulty must be a number between 1 and 10'],
      [{ title: '' }, 'Title must not be empty'],
      [{}, 'Send title, bpm, key or difficulty'],
    ];
    for (const [body, message] of invalid) {
      const response = await browser.patch<{ error: { code: string; message: string } }>(`/api/songs/${id}/metadata`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_request', message });
    }
    expect((await browser.patch(`/api/songs/${id}/metadata`, { tempo: 100 })).status).toBe(400);

    const genre = await browser.patch<SongResponse>(`/api/songs/${id}/genre`, { genre: 'Jazz', genre2: '' });
    expect(genre.body).toMatchObject({ genre: 'Jazz', genre2: null });
    expect((await browser.patch<SongResponse>(`/api/songs/${id}/genre`, { genre: 'Funk', genre2: 'Blues' })).body).toMatchObject({
      genre: 'Funk',
      genre2: 'Blues',
    });
    expect((await browser.patch(`/api/songs/${id}/genre`, { genre: 5 })).status).toBe(400);
    expect((await browser.patch(`/api/songs/${id}/genre`, {})).status).toBe(400);

    const rescan = await scanSongs(browser);
    expect(rescan.summary.changed).toBe(0);
    expect((await browser.get<SongResponse>(`/api/songs/${id}`)).body).toMatchObject({ title: 'Alpha Prime', bpm: 128.5, genre: 'Funk', difficulty: 5 });
  });

  it('lists chord instruments, then serves one chart; other instruments are refused', async () => {
    const id = ids['Alpha Song']!;
    expect((await browser.get(`/api/songs/${id}/chords`)).body).toEqual({ availableInstruments: ['master', 'guitar'] });
    expect((await browser.get(`/api/songs/${id}/chords?instrument=guitar`)).body).toEqual({ instrument: 'guitar', text: '[00:00.00] A5\n' });
    for (const instrument of ['bass', '../song.json', '..%2Fsong', '']) {
      expect((await browser.get(`/api/songs/${id}/chords?instrument=${instrument}`)).status, instrument).toBe(400);
    }
    expect((await browser.get(`/api/songs/${ids['Broken One']}/chords`)).body).toEqual({ availableInstruments: [] });
  });

  it('a folder gone from disk leaves the library; back, it returns with its id', async () => {
    const id = ids['Broken One']!;
    renameSync(path.join(songsDir, 'broken'), path.join(songsDir, '.broken'));
    const removed = await scanSongs(browser);
    expect(removed.summary).toMatchObject({ removed: 1, catalogued: 0 });
    expect((await browser.get(`/api/songs/${id}`)).status).toBe(404);
    expect((await browser.get<SongResponse[]>('/api/songs')).body.map((song) => song.id)).not.toContain(id);

    renameSync(path.join(songsDir, '.broken'), path.join(songsDir, 'broken'));
    const back = await scanSongs(browser);
    expect(back.summary).toMatchObject({ changed: 1, removed: 0, catalogued: 0 });
    expect((await browser.get<SongResponse>(`/api/songs/${id}`)).body).toMatchObject({ id, title: 'Broken One', playCount: 2 });
    // Its stems are the ones analysed before it left: not analysed again.
    expect(await songTypes(env.app, id)).toEqual(['SongCatalogued', 'SongAnalysed', 'SongRemovedFromDisk', 'SongFilesChanged']);
  });

  it('runs one scan at a time; a songs directory that cannot be read stops the scan without removing songs', async () => {
    const deps = { ...env.app, clock: { now: () => new Date() }, logger: pino({ level: 'silent' }) };
    const source = { state: { requestId: 'scan-test' } };
    const scanner = new SongScanner(deps);
    expect(scanner.start(source, null)).toBe(true);
    expect(scanner.progress()).toMatchObject({ isScanning: true, stage: 'scanning' });
    expect(scanner.start(source, null)).toBe(false);
    const done = await scanner.run(source, null);
    expect(done).toMatchObject({ isScanning: false, stage: 'complete', summary: { unchanged: 3, removed: 0 } });

    const before = await eventCount(env.app);
    const lost = new SongScanner({ ...deps, config: { ...env.app.config, songsDir: path.join(songsDir, 'no-such-dir') } });
    const failed = await lost.run(source, null);
    expect(failed).toMatchObject({ isScanning: false, stage: 'complete', summary: { removed: 0 } });
    expect(failed.problems).toEqual([{ song: '', file: '', message: expect.stringContaining('The scan stopped') }]);
    expect(await eventCount(env.app)).toBe(before);
    expect((await browser.get<SongResponse[]>('/api/songs')).body).toHaveLength(3);
  });
});
