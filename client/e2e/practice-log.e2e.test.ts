import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { openSong, signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { openPracticeTools, setLoop } from './practice-tools-page';
import { saveScreenshot } from './screenshot';
import { fixtureSongs } from './song-fixtures';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** Play the loaded song to its end (the fixture songs last 6 s). */
async function playToTheEnd(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === 'true');
  await page.waitForFunction(() => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === 'false', undefined, { timeout: 20_000 });
}

async function openPracticeLog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'ACCOUNT' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Practice Log' }).click();
  await page.getByRole('heading', { level: 1, name: 'PRACTICE LOG' }).waitFor();
}

describe('practice log', () => {
  it('records the time a song played when the musician moves on, and shows it by day, song and streak', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const songIds = await signInNewListener(page, baseUrl, 'practice');
    const song = fixtureSongs[0]!;

    await openPracticeLog(page);
    await page.getByText('No practice recorded yet.', { exact: false }).waitFor();

    await openSong(page, baseUrl, songIds.get(song.title));
    // Twice through the 6-second song: 12 s of playing, past the 10 s a session needs.
    await playToTheEnd(page);
    await playToTheEnd(page);
    // Back in the library the player stays mounted (and could play on): nothing is recorded yet.
    let posted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/practice-sessions')) posted++;
    });
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await page.getByRole('region', { name: 'Song library' }).waitFor();
    expect(posted).toBe(0);
    // Opening the log ends the session, and its figures include it.
    const recorded = page.waitForResponse((response) => response.url().endsWith('/api/practice-sessions') && response.request().method() === 'POST');
    await openPracticeLog(page);
    expect((await recorded).status()).toBe(201);
    const songs = page.getByRole('article', { name: 'Songs' });
    await songs.getByRole('cell', { name: song.title }).waitFor();
    const seconds = Number((await songs.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).replace(' s', ''));
    expect(seconds).toBeGreaterThanOrEqual(11);
    expect(seconds).toBeLessThanOrEqual(14);
    expect(await page.getByRole('article', { name: 'Streak' }).innerText()).toMatch(/^STREAK\s+1\s*day\s+Longest: 1 day$/);
    // Today's bar is the one drawn, with the time in its label.
    expect(await page.getByRole('article', { name: 'Practice per day' }).locator('li[data-today="true"]').getAttribute('aria-label')).toMatch(/: 1\d s$/);
    await saveScreenshot(page, 'practice-log');
    expect(problems).toEqual([]);
  }, 120_000);

  it('records the tempo, loop and muted stems the song was really played with', async () => {
    const page = await browser.newPage();
    const { tools } = await openPracticeTools(page, baseUrl, 'practice-facts');
    for (let step = 0; step < 4; step++) await tools.getByRole('button', { name: 'Slower' }).click();
    expect(await page.getByTestId('tempo-value').textContent()).toBe('80%');
    await setLoop(page, tools, 1, 5);
    await page.getByRole('group', { name: 'Mixer' }).getByRole('button', { name: 'Mute bass' }).click();
    const sent: Array<Record<string, unknown>> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/practice-sessions') && request.method() === 'POST') sent.push(request.postDataJSON() as Record<string, unknown>);
    });

    // Round the loop for 12 s of playing (past the 10 s a session needs), then stop.
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === 'true');
    await page.waitForTimeout(12_500);
    await page.getByRole('button', { name: 'Pause' }).click();

    await openPracticeLog(page);
    expect(sent).toHaveLength(1);
    const session = sent[0]!;
    expect(session).toMatchObject({ tempo: 0.8, transpose: 0, mutedStems: ['bass.wav'] });
    const loop = session.loop as { startSeconds: number; endSeconds: number };
    // The player snaps A and B to the 120 BPM song's beats (every 0.5 s).
    expect(loop.startSeconds).toBeCloseTo(1, 3);
    expect(loop.endSeconds).toBeCloseTo(5, 3);
    expect(session.secondsPractised).toBeGreaterThanOrEqual(12);
    const progress = page.getByRole('article', { name: 'Tempo progress' });
    await progress.getByText('Sine Parade 0:01–0:05').waitFor();
    expect(await progress.innerText()).toContain('80%');
  }, 120_000);

  it('keeps a session made offline on the device and sends it when the network is back', async () => {
    const page = await browser.newPage();
    const songIds = await signInNewListener(page, baseUrl, 'practice-offline');
    const song = fixtureSongs[0]!;
    await openSong(page, baseUrl, songIds.get(song.title));
    await playToTheEnd(page);
    await playToTheEnd(page);

    // The tab is hidden for good (closed, say) while there is no network.
    await browser.context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await page.waitForFunction(() => (localStorage.getItem('woodshed.pendingPracticeSessions') ?? '').includes('"songId"'));
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/practice-sessions') && response.status() === 201);
    await browser.context.setOffline(false);
    await sent;
    await page.waitForFunction(() => localStorage.getItem('woodshed.pendingPracticeSessions') === null);

    await openPracticeLog(page);
    await page.getByRole('article', { name: 'Songs' }).getByRole('cell', { name: song.title }).waitFor();
  }, 120_000);
});
