import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { sessionHeader } from '../stems/testing/stem-requests';
import type { ScanProgress } from './song-scan';
import type { Song as SongResponse } from '../../../contract/song';
import { bytesReadSoFar, longSeconds, oddNames, writeRealWorldLibrary } from './testing/real-world-library';
import { scanSongs } from './testing/song-files';
import { countAudioFileOpens } from './testing/audio-file-opens';
import { asUnprivilegedUser } from './testing/unprivileged';

// A library as musicians' disks hold them (testing/real-world-library.ts), in a folder of this file's own.
const root = mkdtempSync(path.join(tmpdir(), 'woodshed-real-world-'));
const songsDir = path.join(root, 'songs');
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Audio analysis off: this test is about reading messy folders from their headers (analysis decodes every stem).
describeAppOnEveryDatabase('a real-world songs directory', { config: { authSecret: testAuthSecret, songsDir, audioAnalysis: false } }, (env) => {
  let browser: TestBrowser;
  let progress: ScanProgress;
  let songs: Map<string, SongResponse>;
  let scanBytesRead = 0;

  beforeAll(async () => {
    await writeRealWorldLibrary(root, songsDir);
    ({ browser } = await signInWithCode(env.app.url, 'real-world@example.com'));
    const readBefore = bytesReadSoFar();
    progress = await asUnprivilegedUser(() => scanSongs(browser));
    scanBytesRead = bytesReadSoFar() - readBefore;
    songs = new Map((await browser.get<SongResponse[]>('/api/songs')).body.map((song) => [song.title, song]));
  }, 120_000);

  afterAll(() => {
    chmodSync(path.join(songsDir, 'locked folder'), 0o755);
  });

  it('scans an 8.5-minute song of mixed formats, rates and channels from headers, without reading the audio', () => {
    const long = songs.get('Long Take');
    expect(long?.problems).toEqual([]);
    expect(long).toMatchObject({ genre: 'Rock', bpm: 96 });
    const durations = Object.fromEntries(long!.stems.map((stem) => [stem.filename, stem.durationSeconds]));
    expect(durations['drums.mp3']).toBeCloseTo(longSeconds, 0);
    expect(durations['bass.wav']).toBeCloseTo(longSeconds + 2, 3);
    expect(durations['keys.flac']).toBeCloseTo(60, 3);
    expect(durations['vocals.ogg']).toBeCloseTo(30, 1);
    expect(durations['guitar.mp3']).toBeCloseTo(45, 0);
    expect(long!.duration).toBeCloseTo(longSeconds + 2, 3);
    // About 150 MB of audio (20 MB of MP3, a 98 MB WAV): headers, tags and the Ogg pages only.
    // (How long the scan takes is `npm run bench:scan`'s figure.)
    expect(scanBytesRead).toBeLessThan(8 * 1024 * 1024);
  });

  it('streams stems with odd names through the filePath the API gives, byte for byte; hidden files are no stems', async () => {
    const odd = songs.get(`odd "names" #1 ? 100%`);
    expect(odd?.problems).toEqual([]);
    expect(odd!.stems.map((stem) => stem.filename).sort()).toEqual([...oddNames].sort());
    const folder = path.join(songsDir, `odd "names" #1 ? 100%`);
    for (const stem of odd!.stems) {
      const response = await fetch(`${env.app.url}${stem.filePath}`, { headers: sessionHeader(browser) });
      expect(response.status, stem.filename).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(folder, stem.filename))), stem.filename).toBe(true);
      const head = await fetch(`${env.app.url}${stem.filePath}`, { method: 'HEAD', headers: sessionHeader(browser) });
      expect(head.status, `HEAD ${stem.filename}`).toBe(200);
    }
  });

  it('reports each bad file on its song and in the progress, keeps the rest, and goes on to the next song', () => {
    const broken = songs.get('broken');
    expect(broken).toBeDefined();
    // What still plays: the good stem, and what is left of the cut ones.
    expect(broken!.stems.map((stem) => stem.filename).sort()).toEqual(['cut.flac', 'cut.ogg', 'cut.wav', 'good.wav']);
    // The cut FLAC counts what its frames hold (about 3.2 s of 8), not what its header states.
    const cutFlac = broken!.stems.find((stem) => stem.filename === 'cut.flac')!.durationSeconds!;
    expect(cutFlac).toBeGreaterThan(2.5);
    expect(cutFlac).toBeLessThan(3.6);
    // The cut Ogg keeps the 11-odd seconds that are there, more than any other stem.
    const cutOgg = broken!.stems.find((stem) => stem.filename === 'cut.ogg')!.durationSeconds!;
    expect(cutOgg).toBeGreaterThan(5);
    expect(cutOgg).toBeLessThan(25);
    expect(broken!.duration).toBe(cutOgg);
    expect(broken!.hasLyrics).toBe(false);
    const messages = Object.fromEntries(broken!.problems.map((problem) => [problem.file, problem.message]));
    expect(Object.keys(messages).sort()).toEqual(['cut.flac', 'cut.ogg', 'cut.wav', 'folder.mp3', 'header only.ogg', 'locked.wav', 'loop.mp3', 'lyrics.lrc', 'pipe.wav', 'song.json'].sort());
    expect(messages['locked.wav']).toMatch(/permission denied/i);
    expect(messages['lyrics.lrc']).toMatch(/permission denied/i);
    expect(messages['cut.wav']).toMatch(/ends early/);
    expect(messages['cut.ogg']).toMatch(/ends early/);
    expect(messages['cut.flac']).toMatch(/ends early \(truncated\?\): only its first 3\.\d s play/);
    expect(messages['folder.mp3']).toMatch(/not a file/i);
    expect(messages['pipe.wav']).toMatch(/not a file/i);
    expect(messages['song.json']).toMatch(/not valid JSON/);
    for (const message of Object.values(messages)) expect(message).not.toContain(songsDir);
    // The same problems, with their song, in the scan progress.
    for (const problem of broken!.problems) expect(progress.problems).toContainEqual({ song: 'broken', ...problem });

    expect(progress.problems).toContainEqual({ song: 'empty folder', file: '', message: expect.stringContaining('not a song') });
    expect(progress.problems).toContainEqual({ song: 'locked folder', file: '', message: expect.stringMatching(/permission denied/i) });
    // Progress is shown to every signed-in user: no path on the server's disk in it.
    for (const problem of progress.problems) expect(problem.message).not.toContain(root);
    // The songs after the bad ones were scanned all the same.
    expect(songs.get('z last')?.stems).toHaveLength(1);
    expect(progress).toMatchObject({ isScanning: false, stage: 'complete', totalSongs: 6, currentIndex: 6 });
    expect(progress.summary).toEqual({ catalogued: 4, changed: 0, unchanged: 0, removed: 0 });
  });

  it('re-scans the same messy library without changes, opening no stem it read before', async () => {
    const opens = countAudioFileOpens();
    let again: ScanProgress;
    try {
      again = await asUnprivilegedUser(() => scanSongs(browser));
    } finally {
      opens.stop();
    }
    expect(again.summary).toEqual({ catalogued: 0, changed: 0, unchanged: 4, removed: 0 });
    // The stems of every song, MP3s and M4As included, keep what the first scan read. Only the two
    // files that could not be read at all are tried again (a file made readable plays at once).
    expect(opens.paths.map((file) => path.relative(songsDir, file)).sort()).toEqual(['broken/header only.ogg', 'broken/locked.wav']);
  });
});
