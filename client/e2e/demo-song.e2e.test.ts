import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp } from './app-process';
import { type TestBrowser, launchBrowser } from './browser';
import { uniqueEmail } from './dev-outbox';
import { watchPageProblems } from './page-problems';
import { stemStartTimes, waitForRestart, waitForSpectrumPeak } from './player-probes';
import { repoRoot } from './repo-root';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';

const run = promisify(execFile);

// The first song of the demo library, cut to ten bars by --short: six MP3 stems, lyrics, chords.
const demoFolder = 'linden-street-lights';
const demo = { title: 'Linden Street Lights', genre: 'Pop', bpm: '112 BPM', difficulty: '3/10', key: 'G major' };
const groups = ['Drums', 'Bass', 'Guitar', 'Keys', 'Vocals', 'FX'];

// An app of its own, on an empty songs directory: the test starts where a newcomer does, with no
// songs, and its scan must find exactly the one new song. The shared app's library is never empty,
// and other files scan it at any moment (one of those scans could catalogue the song first).
let root: string;
let app: AppProcess;
let browser: TestBrowser;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'woodshed-e2e-demo-'));
  await mkdir(path.join(root, 'songs'));
  // The generator (the one a newcomer's first start runs), one short song, made while the app and
  // the browser start; it joins the songs directory later, so the test's own scan finds it new.
  [, app, browser] = await Promise.all([
    run('npx', ['tsx', 'scripts/demo-library/demo-library.ts', '--out', path.join(root, 'generated'), '--truth', path.join(root, 'truth.json'), '--songs', '1', '--short'], { cwd: repoRoot }),
    startApp({ songsDir: path.join(root, 'songs') }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('a demo library song', () => {
  it('is scanned, loaded, played in sync, seeked, mixed and sung along to', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await signInWithCode(page, app.baseUrl, uniqueEmail('demo-song'));

    // The start-up scan of the empty songs directory is over: the demo song arrives, Scan Library finds it.
    await page.getByText('No songs in library', { exact: true }).waitFor();
    await expect.poll(async () => ((await (await page.request.get(`${app.baseUrl}/api/songs/scan/progress`)).json()) as { finishedAt: string | null }).finishedAt, { timeout: 20_000 }).not.toBeNull();
    await rename(path.join(root, 'generated', demoFolder), path.join(root, 'songs', demoFolder));
    await page.getByRole('button', { name: 'Scan Library' }).click();
    expect(await toastTitled(page, 'Library Updated')).toEqual({ description: '1 new, 0 changed, 0 removed.', variant: 'default' });
    const songs = (await (await page.request.get(`${app.baseUrl}/api/songs`)).json()) as Array<{ title: string; problems: unknown[] }>;
    // A demo song is a clean song: nothing for the scan to complain about.
    expect(songs.map((song) => [song.title, song.problems])).toEqual([[demo.title, []]]);
    const row = page.getByTestId('library-row').filter({ has: page.getByRole('cell', { name: demo.title, exact: true }) });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(1, 5)).toEqual([demo.title, demo.genre, demo.bpm, demo.difficulty]);
    // Ten bars at 112 BPM and the reverb's tail.
    expect(cells[5]).toBe('0:22');
    await saveScreenshot(page, 'demo-library');

    await row.getByRole('link', { name: 'Load Song' }).click();
    await page.getByRole('heading', { level: 1, name: demo.title }).waitFor();
    expect(await toastTitled(page, 'Song loaded successfully')).toEqual({ description: 'Loaded 6 tracks for the song', variant: 'default' });
    const strips = page.getByTestId('mixer-strip');
    expect(await strips.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-group')))).toEqual(groups);
    const info = page.getByRole('region', { name: 'SONG INFO' });
    for (const text of [demo.bpm, demo.key, demo.genre, demo.difficulty]) expect(await info.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    // Length is the length the transport shows: the decoded MP3s (lead-in and padding included).
    const total = (await page.getByTestId('player-clock').innerText()).split(' / ')[1]!;
    expect(total).toMatch(/^0:2[23]$/);
    expect(await info.getByText(total, { exact: true }).isVisible()).toBe(true);

    // Play: six MP3 stems started at one audio-clock time, and the analyser sees the mix.
    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
    const first = Object.values(await stemStartTimes(page));
    expect(first).toHaveLength(6);
    expect(new Set(first).size).toBe(1);
    await waitForSpectrumPeak(page, 'above', 0.2);

    // Seek into the second verse: all six restart together, later on the clock.
    await page.getByRole('slider', { name: 'Seek' }).fill('8');
    await waitForRestart(page, first[0]);
    const seeked = Object.values(await stemStartTimes(page));
    expect(seeked).toHaveLength(6);
    expect(new Set(seeked).size).toBe(1);
    expect(seeked[0]).toBeGreaterThan(first[0]!);

    await page.getByRole('button', { name: 'Mute Drums' }).click();
    expect(await page.getByRole('button', { name: 'Mute Drums' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'MUTE ALL' }).click();
    expect(await strips.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-muted')))).toEqual(groups.map(() => 'true'));
    // Everything muted, the analyser falls silent.
    await waitForSpectrumPeak(page, 'below', 0.05);
    await page.getByRole('button', { name: 'UNMUTE ALL' }).click();
    expect(await strips.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-muted')))).toEqual(groups.map((group) => String(group === 'Drums')));
    await waitForSpectrumPeak(page, 'above', 0.2);

    await page.getByRole('button', { name: 'KARAOKE' }).click();
    const lyrics = page.getByRole('dialog', { name: 'Lyrics' });
    await lyrics.getByText('Following along...', { exact: true }).waitFor();
    // From 8 s the second verse is sung, word by word.
    await lyrics.locator('section[data-current="true"] h3', { hasText: 'Verse' }).waitFor();
    await lyrics.locator('p[data-current="true"] span[data-current="true"]').first().waitFor();
    await saveScreenshot(page, 'demo-player-lyrics');
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'demo-player');

    expect(problems).toEqual([]);
    await page.close();
  });
});
