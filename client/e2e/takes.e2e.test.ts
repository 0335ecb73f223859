import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import decodeWav from '@audio/decode-wav';
import { peakFrequency, soundingSpan } from './audio-analysis';
import { browserPerFile } from './browser-per-file';
import { exportAs } from './export-dialog';
import { openSong, signInNewListener } from './new-listener';
import { openPracticeTools, setLoop } from './practice-tools-page';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { fixtureSongs, sineWav } from './song-fixtures';

const baseUrl = inject('baseUrl');

// The microphone plays a steady tone.
const browser = browserPerFile({ microphone: sineWav(330, 4, 0.5) });

const playing = (page: Page, value: 'true' | 'false', timeout = 20_000) =>
  page.waitForFunction((expected) => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === expected, value, { timeout });

describe('takes', () => {
  it('records a take over the band, lists it, plays it along as a channel strip, and the practice log shows it', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const song = fixtureSongs[0]!;
    const songIds = await signInNewListener(page, baseUrl, 'takes');
    await openSong(page, baseUrl, songIds.get(song.title));
    await page.getByRole('tab', { name: 'TAKES' }).click();
    await page.getByText('No takes of this song yet', { exact: false }).waitFor();

    // The take's metadata goes to the server through the sync push; its audio never does.
    const pushed = page.waitForResponse((response) => response.url().endsWith('/api/sync/takes/push') && response.status() === 200);
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') bodies.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Record a take' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="recording-status"]')?.getAttribute('data-status') === 'recording');
    await playing(page, 'true');
    // The band plays the 6-second song to its end, which ends the take.
    await playing(page, 'false');
    const take = page.getByTestId('take');
    await take.waitFor();
    expect(await take.count()).toBe(1);
    expect(await take.innerText()).toMatch(/Take 1[\s\S]*100% · 0 st · 0:0[5-6]/);
    await pushed;
    expect(bodies.every((body) => body.length < 10_000)).toBe(true);

    // Play along: the take becomes one more strip beside the mixer, and is heard with the band.
    await page.getByRole('button', { name: 'Play along with Take 1' }).click();
    const strip = page.getByTestId('take-strip');
    await strip.waitFor();
    expect(await strip.getAttribute('data-heard')).toBe('true');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await playing(page, 'true');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="take-strip"]')?.getAttribute('data-lit') ?? 0) > 0, undefined, { timeout: 10_000 });
    await saveScreenshot(page, 'player-take-strip');

    // Export Mix offers the take playing along and mixes it in: the file with it less the file without is the take.
    await page.getByRole('button', { name: 'EXPORT MIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Mix' });
    const takeChoice = dialog.getByRole('combobox', { name: 'Include a take' });
    expect(await takeChoice.locator('option:checked').innerText()).toBe('Take 1');
    const exported = decodeWav((await exportAs(page, 'WAV, 32-bit float')).bytes);
    const withTake = exported.channelData;
    await takeChoice.selectOption({ label: 'No take' });
    const withoutTake = decodeWav((await exportAs(page, 'WAV, 32-bit float')).bytes).channelData;
    await dialog.getByRole('button', { name: 'Close' }).click();
    for (let side = 0; side < 2; side++) {
      const take = withTake[side]!.map((sample, index) => sample - withoutTake[side]![index]!);
      const span = soundingSpan(take, exported.sampleRate, 0.05);
      expect(span.end - span.start).toBeGreaterThan(4);
      // On a saturated machine Chromium's fake capture device skips the reads it is late for, and the
      // take holds a break in the tone there: it is read at five places and the median kept.
      const frequencies = [0.5, 1.25, 2, 2.75, 3.5].map((offset) => peakFrequency(take, Math.round((span.start + offset) * exported.sampleRate), 8192, exported.sampleRate));
      expect(Math.abs(frequencies.sort((a, b) => a - b)[2]! - 330)).toBeLessThan(2);
    }
    await strip.getByRole('button', { name: 'Mute Take 1' }).click();
    expect(await strip.getAttribute('data-muted')).toBe('true');
    await playing(page, 'false');

    // Renamed here, it is renamed in the practice log too.
    const renamed = page.waitForResponse((response) => response.url().endsWith('/api/sync/takes/push') && response.status() === 200);
    await page.getByRole('button', { name: 'Rename Take 1' }).click();
    await page.getByRole('textbox', { name: 'New name for Take 1' }).fill('First try');
    await page.getByRole('textbox', { name: 'New name for Take 1' }).press('Enter');
    await page.getByTestId('take').getByText('First try', { exact: true }).waitFor();
    expect(await strip.getAttribute('aria-label')).toBe('Take First try');
    await renamed;

    await page.getByRole('button', { name: 'ACCOUNT' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Practice Log' }).click();
    const takes = page.getByRole('article', { name: 'Takes' });
    await takes.getByText(`${song.title}: 1 take`, { exact: false }).waitFor();
    expect(await takes.innerText()).toContain('First try');
    expect(problems).toEqual([]);
  }, 120_000);

  it('records each pass of an A-B loop as its own take', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const { tools } = await openPracticeTools(page, baseUrl, 'takes-loop');
    // A 2-second loop (1 s to 3 s on the 120 BPM grid); playback waits at its start.
    await setLoop(page, tools, 1, 3.1);
    await page.getByRole('tab', { name: 'TAKES' }).click();
    await page.getByText('Each pass of the loop is its own take.').waitFor();

    await page.getByRole('button', { name: 'Record a take' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="recording-status"]')?.getAttribute('data-status') === 'recording');
    await playing(page, 'true');
    // Two whole passes and part of a third, by the player's position (the audio clock), not by a wait of the test's:
    // the position jumps back to the loop start at each seam.
    await page.waitForFunction(
      () => {
        const seen = window as unknown as { seams?: number; last?: number };
        const position = Number((document.querySelector('input[aria-label="Seek"]') as HTMLInputElement | null)?.value ?? 0);
        if (position < (seen.last ?? 0) - 0.5) seen.seams = (seen.seams ?? 0) + 1;
        seen.last = position;
        return (seen.seams ?? 0) >= 2 && position > 1.5;
      },
      undefined,
      { polling: 50 },
    );
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await playing(page, 'false');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="take"]').length >= 3);
    const takes = await page.getByTestId('take').allInnerTexts();
    // Newest first: the last pass (cut by the stop) on top, then the whole passes of 2 s each.
    const whole = takes.filter((text) => /· 0:02$/m.test(text.split('\n').find((line) => line.includes('%')) ?? ''));
    expect(whole.length).toBeGreaterThanOrEqual(2);
    expect(takes.map((text) => text.split('\n')[0])).toEqual(takes.map((_, index) => `Take ${takes.length - index}`));
    expect(problems).toEqual([]);
  }, 120_000);
});
