import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp } from './app-process';
import { type TestBrowser, launchBrowser } from './browser';
import { openSong, signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { clickTrackWav } from './song-fixtures';
import { installStretchProbe, sourcesStarted, stemNodesSeen } from './stretch-probe';

// A song whose beats start after 0.7 s of silence (not a whole number of its 0.5 s beats, so its
// grid is not the one from 0 s), in a songs directory of its own: the other files count the shared
// fixture library's songs.
const lateClick = { title: 'Late Click', bpm: 120, firstBeat: 0.7, seconds: 12 };
let app: AppProcess;
let browser: TestBrowser;

beforeAll(async () => {
  const songsDir = await mkdtemp(path.join(tmpdir(), 'woodshed-e2e-first-downbeat-'));
  const folder = path.join(songsDir, 'late-click');
  await mkdir(folder);
  await writeFile(path.join(folder, 'drums.wav'), clickTrackWav(lateClick.bpm, lateClick.seconds, lateClick.firstBeat));
  // No BPM or key: the scan analyses the song, and with the BPM finds its first downbeat.
  await writeFile(path.join(folder, 'song.json'), JSON.stringify({ title: lateClick.title, genre: 'Rock' }));
  [app, browser] = await Promise.all([startApp({ songsDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await rm(app.songsDir, { recursive: true, force: true });
});

describe('the first downbeat in the player', () => {
  it('a song whose beats start at 0.7 s: the API gives that first beat, and the count-in and click fall on its grid within 1 ms', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    await installStretchProbe(page);
    const problems = watchPageProblems(page);
    const songId = (await signInNewListener(page, app.baseUrl, 'first-downbeat')).get(lateClick.title)!;

    // The analysis found the tempo and the first beat (the song's truth: 120 BPM from 0.7 s).
    const song = (await (await page.request.get(`${app.baseUrl}/api/songs/${songId}`)).json()) as { bpm: number | null; firstBeat: number | null };
    console.log(`detected: ${song.bpm} BPM, first beat at ${song.firstBeat} s`);
    expect(Math.abs(song.bpm! - lateClick.bpm)).toBeLessThan(0.5);
    expect(Math.abs(song.firstBeat! - lateClick.firstBeat)).toBeLessThan(0.02);

    // Count-in of one bar and the click track on, at 100%, playing from 0 s.
    await openSong(page, app.baseUrl, songId);
    await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
    const tools = page.getByTestId('practice-tools');
    await tools.getByRole('combobox', { name: 'Count-in' }).selectOption('1');
    await tools.getByRole('checkbox', { name: 'Click', exact: true }).check();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
    // The bar's count-in (2 s at 120 BPM), then 2 s of the song: the clicks on 0.7, 1.2 and 1.7 s.
    await page.getByTestId('player-clock').filter({ hasText: /^0:(0[2-9]|1\d) \// }).waitFor();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();

    // Song time of each click through the time map the engine gave the node that plays at play (at
    // 100%, a plain player: decision 0041): the song position `input` plays at audio time
    // `output`, at `rate` song seconds per second.
    const [node] = await stemNodesSeen(page);
    expect(node!.kind).toBe('plain');
    const play = node!.schedules.filter((schedule) => schedule.active).at(-1)!;
    expect(play).toMatchObject({ input: 0, rate: 1 });
    const clicks = (await sourcesStarted(page)).filter((source) => Math.abs(source.length - 0.03) < 0.001);
    const songTimes = clicks.map((click) => play.input + (click.when - play.output) * play.rate);
    console.log(`clicks at song times ${songTimes.map((time) => time.toFixed(4)).join(' ')}`);

    // Every click on firstBeat + k beats (within 1 ms), one per beat, in order: the count-in's four
    // before the song's first sound, the click track's from the first beat on.
    const firstBeat = song.firstBeat!;
    const beat = 60 / song.bpm!;
    const beats = songTimes.map((time) => Math.round((time - firstBeat) / beat));
    const offGrid = songTimes.map((time, index) => Math.abs(time - (firstBeat + beats[index]! * beat)));
    console.log(`farthest click from the grid: ${(Math.max(...offGrid) * 1000).toFixed(4)} ms`);
    offGrid.forEach((off) => expect(off).toBeLessThan(0.001));
    // (Steps, not the numbers themselves: a click a hair before the first beat rounds to -0.)
    expect(beats.slice(1).map((k, index) => k - beats[index]!)).toEqual(beats.slice(1).map(() => 1));
    const countIn = clicks.filter((click) => click.when < play.output);
    expect(countIn).toHaveLength(4);
    expect(beats).toContain(0); // the click on the first downbeat itself
    expect(beats.length).toBeGreaterThanOrEqual(4 + 3);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
