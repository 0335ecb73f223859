import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import type { Song as SongResponse } from '../../../contract/song';
import { link, scanSongs, wav, write } from './testing/song-files';

const root = mkdtempSync(path.join(tmpdir(), 'woodshed-song-hostile-'));
const songsDir = path.join(root, 'songs');
const outside = path.join(root, 'outside');
// Looks like a system file: none of it may reach a title or a problem's message.
const passwd = 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin\n';
const fifos = [path.join(songsDir, 'piped', 'song.json'), path.join(songsDir, 'piped', 'sections.json')];

afterAll(() => {
  // A scan that opened a pipe waits for a writer: give it one, so nothing stays blocked.
  for (const fifo of fifos) {
    try {
      const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      writeSync(fd, '{}');
      closeSync(fd);
    } catch {
      // No reader is waiting: nothing to release.
    }
  }
  rmSync(root, { recursive: true, force: true });
});

describeAppOnEveryDatabase('a scan of hostile song folders', { config: { authSecret: testAuthSecret, songsDir, audioAnalysis: false } }, (env) => {
  let browser: TestBrowser;

  beforeAll(() => {
    rmSync(songsDir, { recursive: true, force: true });
    write(path.join(outside, 'song.json'), JSON.stringify({ title: 'Stolen Title', genre: 'Leaked' }));
    write(path.join(outside, 'passwd'), passwd);
    write(path.join(outside, 'drums.wav'), wav(1));
    // song.json, sections.json and a stem linked out of the library.
    write(path.join(songsDir, 'linked', 'bass.wav'), wav(1));
    link(path.join(songsDir, 'linked', 'song.json'), path.join(outside, 'song.json'));
    link(path.join(songsDir, 'linked', 'sections.json'), path.join(outside, 'passwd'));
    link(path.join(songsDir, 'linked', 'drums.wav'), path.join(outside, 'drums.wav'));
    write(path.join(outside, 'charts', 'private-name.txt'), '[00:00.00] C\n');
    link(path.join(songsDir, 'linked', 'chords'), path.join(outside, 'charts'));
    // Inside the library but not JSON: the parse error must not quote it.
    write(path.join(songsDir, 'garbled', 'bass.wav'), wav(1));
    write(path.join(songsDir, 'garbled', 'song.json'), passwd);
    write(path.join(songsDir, 'garbled', 'sections.json'), `[{"type": "verse", "startTime": 0, "endTime": 1}] ${passwd}`);
    // Named pipes where metadata is expected: opening one waits for a writer forever.
    write(path.join(songsDir, 'piped', 'bass.wav'), wav(1));
    for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
    // Metadata over the 1 MiB limit.
    write(path.join(songsDir, 'huge', 'bass.wav'), wav(1));
    write(path.join(songsDir, 'huge', 'song.json'), JSON.stringify({ title: 'Huge', padding: 'x'.repeat(1024 * 1024) }));
    write(path.join(songsDir, 'plain', 'bass.wav'), wav(1));
    write(path.join(songsDir, 'plain', 'song.json'), JSON.stringify({ title: 'Plain Song' }));
  });

  it('reads no song.json, sections.json or stem linked out of the songs directory, and says so without the contents', async () => {
    ({ browser } = await signInWithCode(env.app.url, 'hostile@example.com'));
    const progress = await scanSongs(browser);
    const linked = progress.problems.filter((problem) => problem.song === 'linked');
    expect(linked).toEqual([
      { song: 'linked', file: 'drums.wav', message: expect.stringContaining('outside the songs directory') },
      { song: 'linked', file: 'song.json', message: expect.stringContaining('outside the songs directory') },
      { song: 'linked', file: 'chords', message: expect.stringContaining('outside the songs directory') },
      { song: 'linked', file: 'sections.json', message: expect.stringContaining('outside the songs directory') },
    ]);
    const songs = (await browser.get<SongResponse[]>('/api/songs')).body;
    const song = songs.find((each) => each.title === 'linked');
    expect(song).toMatchObject({ genre: null, sections: [], chordInstruments: [] });
    expect(song?.stems.map((stem) => stem.filename)).toEqual(['bass.wav']);
    expect(songs.map((each) => each.title)).not.toContain('Stolen Title');
    const everything = JSON.stringify({ progress, songs });
    for (const secret of ['root:', '/bin/bash', 'daemon', 'Stolen', 'Leaked', 'private-name']) expect(everything).not.toContain(secret);
  });

  it('reports JSON that does not parse by place, never quoting it', async () => {
    const progress = (await browser.get<{ problems: Array<{ song: string; file: string; message: string }> }>('/api/songs/scan/progress')).body;
    expect(progress.problems.filter((problem) => problem.song === 'garbled')).toEqual([
      { song: 'garbled', file: 'song.json', message: 'not valid JSON' },
      { song: 'garbled', file: 'sections.json', message: 'Not valid JSON (at character 51).' },
    ]);
  });

  it('never opens a named pipe, refuses metadata over 1 MiB, and finishes the rest of the library', async () => {
    const progress = (await browser.get<{ problems: Array<{ song: string; file: string; message: string }>; summary: unknown }>('/api/songs/scan/progress')).body;
    expect(progress.problems.filter((problem) => problem.song === 'piped' || problem.song === 'huge')).toEqual([
      { song: 'huge', file: 'song.json', message: 'Larger than 1 MiB: not read.' },
      { song: 'piped', file: 'song.json', message: expect.stringContaining('Not a regular file') },
      { song: 'piped', file: 'sections.json', message: expect.stringContaining('Not a regular file') },
    ]);
    const titles = (await browser.get<SongResponse[]>('/api/songs')).body.map((song) => song.title);
    expect(titles).toEqual(['garbled', 'huge', 'linked', 'piped', 'Plain Song']);
    // Nothing is left running: the next scan starts (a stalled one answers 409).
    expect((await scanSongs(browser)).summary).toMatchObject({ unchanged: 5 });
  });
});
