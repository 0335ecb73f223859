import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import type { TestBrowser } from './browser';
import { uniqueEmail } from './dev-outbox';
import { scanFixtureLibrary } from './scan-fixture-library';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';
import { fixtureSongs } from './song-fixtures';

const baseUrl = inject('baseUrl');
let browser: TestBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The player's clock in seconds ('0:03 / 0:06' -> 3). */
function clockSeconds(text: string): number {
  const [minutes, seconds] = text.split('/')[0]!.trim().split(':').map(Number) as [number, number];
  return minutes * 60 + seconds;
}

describe('practice tools in the player', () => {
  it('slows the song, transposes it, loops A-B, and the position follows the stretched time', async () => {
    const page = await browser.newPage();
    await signInWithCode(page, baseUrl, uniqueEmail('practice-tools'));
    const songIds = await scanFixtureLibrary(page, baseUrl);
    const parade = fixtureSongs[0]!;
    await page.goto(`${baseUrl}/player?songId=${songIds.get(parade.title)}`);
    await toastTitled(page, 'Song loaded successfully');
    // The practice tools share the left column with the spectrum analyzer (a tab each).
    await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
    const tools = page.getByTestId('practice-tools');
    await tools.waitFor();

    // Tempo: five steps down from 100% is 75%; transpose +2.
    for (let step = 0; step < 5; step++) await tools.getByRole('button', { name: 'Slower' }).click();
    expect(await page.getByTestId('tempo-value').textContent()).toBe('75%');
    await tools.getByRole('button', { name: 'Transpose up' }).click();
    await tools.getByRole('button', { name: 'Transpose up' }).click();
    expect(await page.getByTestId('transpose-value').textContent()).toBe('+2');

    // Playing at 75%: 4 s of audio clock move the song position about 3 s (the clock shows whole seconds).
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === 'true');
    // Sound comes out of the stretch nodes: the analyser of the master output shows the tones.
    await page.getByRole('tab', { name: 'SPECTRUM' }).click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="spectrum"]')?.getAttribute('data-peak')) > 0.2);
    await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
    const startedAt = Date.now();
    await page.waitForTimeout(4000);
    const elapsed = (Date.now() - startedAt) / 1000;
    const position = clockSeconds((await page.getByTestId('player-clock').textContent()) ?? '');
    expect(position).toBeGreaterThanOrEqual(Math.floor(elapsed * 0.75) - 1);
    expect(position).toBeLessThanOrEqual(Math.ceil(elapsed * 0.75));
    // Changing the tempo while playing keeps playing.
    await tools.getByRole('button', { name: 'Faster' }).click();
    expect(await page.getByTestId('player-body').getAttribute('data-playing')).toBe('true');
    await page.getByRole('button', { name: 'Pause' }).click();

    // A-B: two presses set a loop (snapped to the 120 BPM grid); a third clears it.
    await page.getByRole('slider', { name: 'Seek' }).fill('1');
    await tools.getByRole('button', { name: 'Set A' }).click();
    await page.getByRole('slider', { name: 'Seek' }).fill('3.1');
    await tools.getByRole('button', { name: 'Set B' }).click();
    expect(await page.getByTestId('loop-range').textContent()).toBe('0:01–0:03');
    await saveScreenshot(page, 'player-practice-tools');
    // With the practice tools open, the whole mixer still fits the 1280x800 canvas: every mute and
    // solo button lies inside the window (the canvas does not scroll).
    const viewport = page.viewportSize()!;
    for (const button of await page.getByRole('group', { name: 'Mixer' }).getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    await tools.getByRole('button', { name: 'Clear Loop' }).click();
    expect(await page.getByTestId('loop-range').textContent()).toBe('Off');
    await tools.getByRole('button', { name: 'Reset tempo to 100%' }).click();
    await tools.getByRole('button', { name: 'Reset transpose' }).click();
    expect(await page.getByTestId('tempo-value').textContent()).toBe('100%');
    expect(await page.getByTestId('transpose-value').textContent()).toBe('0');
  });
});
