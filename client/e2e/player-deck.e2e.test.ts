import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { openSong, signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { fixtureSongs } from './song-fixtures';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

const parade = fixtureSongs[0]!; // 6 s, sections verse 0-4 s and chorus 4-6 s, chords for master and bass

async function openParade(page: Page, songId: number): Promise<void> {
  await openSong(page, baseUrl, songId);
  // The bars arrive once the peaks are read from the decoded stems.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="waveform-ring"] line').length === 120);
}

const clock = (page: Page) => page.getByTestId('player-clock').innerText();
const ringTime = (page: Page) => page.getByTestId('waveform-time').innerText();

/** Clicks the ring at `fraction` of a turn clockwise from 12 o'clock, on its bars. */
async function clickRing(page: Page, fraction: number): Promise<void> {
  const box = (await page.getByTestId('waveform-ring').boundingBox())!;
  const radius = (box.width / 2) * 0.8;
  const angle = fraction * 2 * Math.PI;
  await page.mouse.click(box.x + box.width / 2 + radius * Math.sin(angle), box.y + box.height / 2 - radius * Math.cos(angle));
}

describe('player deck', () => {
  it('seeks by clicking the ring or with its keys, and by clicking a section marker', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const songIds = await signInNewListener(page, baseUrl, 'deck');
    await openParade(page, songIds.get(parade.title)!);
    const ring = page.getByRole('slider', { name: 'Waveform position' });
    expect(await ring.getAttribute('aria-valuemax')).toBe('6');
    expect(await ringTime(page)).toBe('0:00');

    // A quarter turn of a 6 s song is 1.5 s, half a turn 3 s; both the ring and the transport follow.
    await clickRing(page, 0.25);
    await page.waitForFunction(() => document.querySelector('[data-testid="waveform-time"]')?.textContent === '0:01');
    expect(await clock(page)).toBe('0:01 / 0:06');
    expect(Number(await ring.getAttribute('aria-valuenow'))).toBeCloseTo(1.5, 1);
    await clickRing(page, 0.5);
    await page.waitForFunction(() => document.querySelector('[data-testid="waveform-time"]')?.textContent === '0:03');
    expect(Number(await ring.getAttribute('aria-valuenow'))).toBeCloseTo(3, 1);
    // Half the bars are lit as played.
    expect(await ring.getAttribute('data-played-bars')).toBe('60');
    // The hole in the middle does not seek.
    const box = (await ring.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(Number(await ring.getAttribute('aria-valuenow'))).toBeCloseTo(3, 1);

    await ring.focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('[data-testid="waveform-time"]')?.textContent === '0:00');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="waveform-time"]')?.textContent === '0:05');
    await page.keyboard.press('ArrowRight'); // clamped to the song's end
    expect(Number(await ring.getAttribute('aria-valuenow'))).toBe(6);

    // Section markers, labelled, under the seek bar.
    const markers = page.getByRole('group', { name: 'Sections' }).getByRole('button');
    expect(await markers.evaluateAll((buttons) => buttons.map((button) => [button.getAttribute('aria-label'), button.textContent]))).toEqual([
      ['Verse at 0:00', 'Verse'],
      ['Chorus at 0:04', 'Chorus'],
    ]);
    await page.getByRole('button', { name: 'Verse at 0:00' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player-clock"]')?.textContent === '0:00 / 0:06');
    await page.getByRole('button', { name: 'Chorus at 0:04' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player-clock"]')?.textContent === '0:04 / 0:06');
    expect(await page.getByRole('button', { name: 'Chorus at 0:04' }).getAttribute('data-current')).toBe('true');
    // The ring's region variant names the section playing.
    expect(await page.locator('[data-variant="region"]').innerText()).toContain('CHORUS');

    // Playing from a marker keeps every stem on one start time.
    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="waveform-ring"]')?.getAttribute('aria-valuenow')) > 4.3);
    await saveScreenshot(page, 'player-ring');
    await page.getByRole('button', { name: 'Pause' }).click();
    await checkNoOverlap(page);

    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps Show Chords and the chord instrument across reloads, and rolls a failed change back', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const songId = (await signInNewListener(page, baseUrl, 'chords')).get(parade.title)!;
    await openParade(page, songId);
    const strip = page.getByTestId('chord-strip');
    const showChords = page.getByRole('switch', { name: 'Show Chords' });
    const instrument = page.getByRole('combobox', { name: 'Chord instrument' });
    expect(await showChords.getAttribute('aria-checked')).toBe('true');
    // Only the instruments the song has chord files for.
    expect(await instrument.locator('option').allTextContents()).toEqual(['Master', 'Bass']);
    expect(await instrument.inputValue()).toBe('master');
    await strip.getByText('C', { exact: true }).waitFor();

    const saved = () => page.waitForResponse((response) => response.url().endsWith('/api/user/preferences') && response.request().method() === 'PATCH');
    let answer = saved();
    await instrument.selectOption('bass');
    expect(JSON.parse((await answer).request().postData() ?? '')).toEqual({ chordInstrumentPreference: 'bass' });
    await strip.getByText('C/E', { exact: true }).waitFor();
    answer = saved();
    await showChords.click();
    expect((await answer).status()).toBe(200);
    expect(await strip.count()).toBe(0);
    await saveScreenshot(page, 'player-chords-hidden');

    await openParade(page, songId);
    expect(await page.getByRole('switch', { name: 'Show Chords' }).getAttribute('aria-checked')).toBe('false');
    expect(await strip.count()).toBe(0);
    expect(await instrument.inputValue()).toBe('bass');
    answer = saved();
    await showChords.click();
    await answer;
    await openParade(page, songId);
    await strip.getByText('C/E', { exact: true }).waitFor();
    expect(await (await page.request.get(`${baseUrl}/api/user/preferences`)).json()).toEqual({ showChordsPreference: true, chordInstrumentPreference: 'bass' });

    // A change the server refuses is shown at once, then rolled back (and only logged).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/preferences', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' });
    });
    await showChords.click();
    expect(await showChords.getAttribute('aria-checked')).toBe('false');
    expect(await strip.count()).toBe(0);
    release();
    await page.waitForFunction(() => document.querySelector('[role="switch"][aria-label="Show Chords"]')?.getAttribute('aria-checked') === 'true');
    await strip.getByText('C/E', { exact: true }).waitFor();
    expect(await (await page.request.get(`${baseUrl}/api/user/preferences`)).json()).toEqual({ showChordsPreference: true, chordInstrumentPreference: 'bass' });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.includes('Saving the chord preferences failed'))).toBe(true);
    await page.close();
  });
});

/** The canvas is 1280x800: every panel of the player lies inside it, and no two overlap. */
async function checkNoOverlap(page: Page): Promise<void> {
  const boxes = await page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="design-canvas"]')!.getBoundingClientRect();
    const selectors = ['[data-testid="spectrum"]', '[aria-labelledby="song-info-title"]', '[data-testid="waveform-ring"]', '[data-testid="chord-preferences"]', '[aria-label="Sections"]', '[aria-label="Mixer"]', 'input[aria-label="Seek"]'];
    return {
      canvas: { x: canvas.x, y: canvas.y, right: canvas.right, bottom: canvas.bottom },
      boxes: selectors.map((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return { selector, x: box.x, y: box.y, right: box.right, bottom: box.bottom };
      }),
    };
  });
  for (const box of boxes.boxes) {
    expect({ selector: box.selector, inside: box.x >= boxes.canvas.x && box.y >= boxes.canvas.y && box.right <= boxes.canvas.right + 0.5 && box.bottom <= boxes.canvas.bottom + 0.5 }).toEqual({ selector: box.selector, inside: true });
  }
  for (const [index, a] of boxes.boxes.entries()) {
    for (const b of boxes.boxes.slice(index + 1)) {
      const overlaps = a.x < b.right - 0.5 && b.x < a.right - 0.5 && a.y < b.bottom - 0.5 && b.y < a.bottom - 0.5;
      expect({ pair: [a.selector, b.selector], overlaps }).toEqual({ pair: [a.selector, b.selector], overlaps: false });
    }
  }
}
