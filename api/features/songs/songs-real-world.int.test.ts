import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { sessionHeader } from '../stems/testing/stem-requests';
import type { ScanProgress } from './song-scan';
import type { Song as SongResponse } from '../../../contract/song';
import { flacFile, id3v2Tag, longMp3, mp3, oggVorbis, tone, wavFile, writeSparseWav } from './testing/real-world-audio';
import { scanSongs, write } from './testing/song-files';
import { asUnprivilegedUser } from './testing/unprivileged';

// A library as musicians' disks hold them, made here: long takes in mixed formats, rates and
// channel counts, tags and cover art, odd names, unreadable, truncated and broken files.
const root = mkdtempSync(path.join(tmpdir(), 'woodshed-real-world-'));
const songsDir = path.join(root, 'songs');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const longSeconds = 8.5 * 60;
/** Odd names that must survive the trip server -> filePath -> browser fetch -> server. */
const oddNames = [
  'kick #1.wav',
  '50% snare.wav',
  'what?.wav',
  `"quoted" 'guitar'.wav`,
  'ドラム ü.wav',
  // The same letter decomposed, as macOS writes names.
  'u\u0308ber bass.wav',
  'a+b&c=d;e.wav',
  'tab\there.wav',
  'semi%3Bcolon.wav',
  'dots..in..name.wav',
  'UPPER.WAV',
];
/** Hidden files (AppleDouble `._` forks, dot files) are not stems: skipped without a word. */
const hiddenNames = ['._kick #1.wav', '.hidden.wav', '..double-dot.wav'];

async function writeLibrary(): Promise<void> {
  rmSync(songsDir, { recursive: true, force: true });
  // Everything readable by `nobody` too, for the scan run with its rights below.
  mkdirSync(songsDir, { recursive: true, mode: 0o755 });
  chmodSync(root, 0o755);

  const long = path.join(songsDir, 'long take');
  const cover = { title: 'Long Take', artist: 'The Testers', coverBytes: 1_500_000 };
  write(path.join(long, 'drums.mp3'), Buffer.concat([id3v2Tag(cover), await longMp3(longSeconds, 44100, 2, 320)]));
  writeSparseWav(path.join(long, 'bass.wav'), longSeconds + 2, 48000, 2);
  write(path.join(long, 'keys.flac'), flacFile(tone(60, 32000, 1), 32000, { TITLE: 'Keys take', ARTIST: 'Ünïcode' }, 300_000));
  write(path.join(long, 'vocals.ogg'), await oggVorbis(tone(30, 48000, 2, 330), 48000));
  write(path.join(long, 'guitar.mp3'), await mp3(tone(45, 48000, 1, 196), 48000, 64));
  // A byte order mark, as Windows editors save UTF-8.
  write(path.join(long, 'song.json'), `\uFEFF${JSON.stringify({ title: 'Long Take', genre: 'Rock', bpm: 96 })}`);

  const odd = path.join(songsDir, `odd "names" #1 ? 100%`);
  for (const [index, name] of oddNames.entries()) write(path.join(odd, name), wavFile(tone(1 + index / 10, 8000, 1, 200 + index * 20), 8000));
  for (const name of hiddenNames) write(path.join(odd, name), Buffer.from('resource fork, not audio'));

  const broken = path.join(songsDir, 'broken');
  write(path.join(broken, 'good.wav'), wavFile(tone(3, 22050, 2), 22050));
  write(path.join(broken, 'locked.wav'), wavFile(tone(2, 22050, 1), 22050));
  chmodSync(path.join(broken, 'locked.wav'), 0o000);
  // A WAV cut short: its header promises 3 s.
  write(path.join(broken, 'cut.wav'), wavFile(tone(3, 22050, 1), 22050).subarray(0, 22050));
  const ogg = await oggVorbis(tone(30, 44100, 1), 44100);
  write(path.join(broken, 'cut.ogg'), ogg.subarray(0, Math.floor(ogg.length * 0.5)));
  write(path.join(broken, 'header only.ogg'), ogg.subarray(0, 60));
  // A FLAC cut at 40%: its STREAMINFO still states 8 s.
  const flac = flacFile(tone(8, 16000, 1), 16000, { TITLE: 'Cut' });
  write(path.join(broken, 'cut.flac'), flac.subarray(0, Math.floor(flac.length * 0.4)));
  mkdirSync(path.join(broken, 'folder.mp3'));
  symlinkSync('loop.mp3', path.join(broken, 'loop.mp3'));
  execFileSync('mkfifo', [path.join(broken, 'pipe.wav')]);
  write(path.join(broken, 'song.json'), '{ "title": "Broken", bpm: 120 ');
  write(path.join(broken, 'lyrics.lrc'), '[00:01.00] la\n');
  chmodSync(path.join(broken, 'lyrics.lrc'), 0o000);

  mkdirSync(path.join(songsDir, 'empty folder'));
  write(path.join(songsDir, 'locked folder', 'drums.wav'), wavFile(tone(1, 8000, 1), 8000));
  chmodSync(path.join(songsDir, 'locked folder'), 0o000);
  write(path.join(songsDir, 'z last', 'drums.wav'), wavFile(tone(2, 8000, 1), 8000));
}

/** Bytes this process has read through read(2) and friends so far (Linux). */
function bytesReadSoFar(): number {
  const io = readFileSync('/proc/self/io', 'utf8');
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1]);
}

// Audio analysis off: this test is about reading messy folders from their headers (analysis decodes every stem).
describeAppOnEveryDatabase('a real-world songs directory', { config: { authSecret: testAuthSecret, songsDir, audioAnalysis: false } }, (env) => {
  let browser: TestBrowser;
  let progress: ScanProgress;
  let songs: Map<string, SongResponse>;
  let scanMs = 0;
  let scanBytesRead = 0;

  beforeAll(async () => {
    await writeLibrary();
    ({ browser } = await signInWithCode(env.app.url, 'real-world@example.com'));
    const readBefore = bytesReadSoFar();
    const started = performance.now();
    progress = await asUnprivilegedUser(() => scanSongs(browser));
    scanMs = performance.now() - started;
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
    expect(scanBytesRead).toBeLessThan(8 * 1024 * 1024);
    expect(scanMs).toBeLessThan(15_000);
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

  it('re-scans the same messy library without changes', async () => {
    const again = await asUnprivilegedUser(() => scanSongs(browser));
    expect(again.summary).toEqual({ catalogued: 0, changed: 0, unchanged: 4, removed: 0 });
  });
});
