import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { openSong, signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { lateClick } from './song-fixtures';
import { installStretchProbe, sourcesStarted, stemNodesSeen } from './stretch-probe';

// The fixture library's Late Click: beats from 0.7 s, its tempo and first beat left to the scan.
const baseUrl = inject('baseUrl');
const browser = browserPerFile();

describe('the first downbeat in the player', () => {
  it('a song whose beats start at 0.7 s: the API gives that first beat, and the count-in and click fall on its grid within 1 ms', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    await installStretchProbe(page);
    const problems = watchPageProblems(page);
    const songId = (await signInNewListener(page, baseUrl, 'first-downbeat')).get(lateClick.title)!;

    // The analysis found the tempo and the first beat (the song's truth: 120 BPM from 0.7 s).
    const song = (await (await page.request.get(`${baseUrl}/api/songs/${songId}`)).json()) as { bpm: number | null; firstBeat: number | null };
    console.log(`detected: ${song.bpm} BPM, first beat at ${song.firstBeat} s`);
    expect(Math.abs(song.bpm! - lateClick.bpm)).toBeLessThan(0.5);
    expect(Math.abs(song.firstBeat! - lateClick.firstBeat)).toBeLessThan(0.02);

    // Count-in of one bar and the click track on, at 100%, playing from 0 s.
    await openSong(page, baseUrl, songId);
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
