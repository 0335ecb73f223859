import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { asWrittenTitle, fixtureLibraryTitles, fixtureSongs } from './song-fixtures';

/** Phones (decision 0034): below 800 px the app's screens reflow instead of shrinking the canvas. */

const baseUrl = inject('baseUrl');
// An iPhone 14's CSS viewport.
const PHONE = { width: 390, height: 844 };
const browser = browserPerFile({ phone: PHONE });

/**
 * What sticks out sideways: the document wider than the window, every drawn element of the phone
 * layout whose box reaches past the window's left or right edge, and every box whose content is
 * wider than itself (inner scroll boxes hide such overflow from the document's scrollWidth).
 */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const scrolling = document.scrollingElement;
    if (scrolling && scrolling.scrollWidth > width) found.push(`document ${scrolling.scrollWidth} > ${width}`);
    for (const element of Array.from(document.querySelectorAll('[data-testid="phone-layout"] *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = () => `${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? `.${element.className.split(' ')[0]}` : ''}`;
      const text = () => (element.textContent ?? '').trim().slice(0, 30);
      if (box.right > width + 0.5 || box.left < -0.5) found.push(`${name()} [${Math.round(box.left)}, ${Math.round(box.right)}] "${text()}"`);
      // A box whose content is wider than itself scrolls or clips sideways (a cell cut short with an ellipsis on purpose aside).
      const style = getComputedStyle(element);
      if (style.overflowX !== 'visible' && style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name()} content ${element.scrollWidth} > ${element.clientWidth} "${text()}"`);
      }
    }
    return found;
  });
}

/** Buttons, links, fields and sliders drawn under `selector` (or their labels) smaller than 44 x 44 px. */
async function smallTouchTargets(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll(`${root} :is(button, a[href], input, select, [role="slider"])`))) {
      // A control inside its label is touched through the whole label.
      const box = (element.closest('label') ?? element).getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.height < 44 || box.width < 44) {
        const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 30);
        found.push(`${element.tagName.toLowerCase()} "${label}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  }, selector);
}

/** Whether the button named `name` lies inside the window and is what a touch on its middle would hit. */
async function onScreenAndOnTop(page: Page, name: string): Promise<boolean> {
  return page.getByRole('button', { name }).evaluate((button) => {
    const box = button.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && button.contains(hit);
  });
}

describe('phone layout at 390 x 844', () => {
  it('lists the library readably, plays a song, mutes a stem and sets a volume, with no sideways scroll', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const songIds = await signInNewListener(page, baseUrl, 'phone');
    await page.reload();
    await page.getByTestId('library-row').first().waitFor();

    // No shrunken canvas: the phone layout fills the window.
    expect(await page.getByTestId('design-canvas').count()).toBe(0);
    expect(await page.getByTestId('phone-layout').boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });

    // The songs are listed in text a phone can read.
    const rows = page.getByTestId('library-row');
    const titles = await rows.locator('td:nth-child(2)').evaluateAll((cells) =>
      cells.map((cell) => ({ text: cell.textContent, fontSize: parseFloat(getComputedStyle(cell).fontSize), width: cell.getBoundingClientRect().width })),
    );
    expect(titles.map((title) => asWrittenTitle(title.text ?? '')).sort()).toEqual([...fixtureLibraryTitles].sort());
    for (const title of titles) {
      expect(title.fontSize).toBeGreaterThanOrEqual(14);
      expect(title.width).toBeGreaterThan(100);
    }
    expect(await smallTouchTargets(page, '[data-testid="phone-layout"] section[aria-label="Song library"]')).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'phone-library-390');

    // The account popover fits the window.
    await page.getByRole('button', { name: 'ACCOUNT' }).tap();
    const popover = page.getByRole('dialog', { name: 'Account' });
    await popover.waitFor();
    expect(await smallTouchTargets(page, '[role="dialog"][aria-label="Account"]')).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'phone-account-390');
    await page.getByRole('button', { name: 'ACCOUNT' }).tap();
    await popover.waitFor({ state: 'detached' });

    // Open a song from the list.
    const parade = fixtureSongs[0]!;
    const paradeRow = rows.filter({ hasText: parade.title });
    await paradeRow.getByRole('link', { name: 'Load Song' }).tap();
    await page.waitForURL(`${baseUrl}/player?songId=${songIds.get(parade.title)}`);
    await page.getByRole('heading', { level: 1, name: parade.title }).waitFor();
    // Four stems to fetch and decode: slow on a busy two-core machine.
    await page.getByTestId('mixer-strip').first().waitFor({ timeout: 90_000 });

    const body = page.getByTestId('player-body');
    await page.getByRole('button', { name: 'Play' }).tap();
    await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
    await page.getByRole('button', { name: 'Pause' }).tap();
    await page.locator('[data-testid="player-body"][data-playing="false"]').waitFor();

    await page.getByRole('button', { name: 'Mute Bass' }).tap();
    expect(await page.getByRole('button', { name: 'Mute Bass' }).getAttribute('aria-pressed')).toBe('true');
    const bass = page.getByTestId('mixer-strip').and(page.locator('[data-group="Bass"]'));
    expect(await bass.getAttribute('data-muted')).toBe('true');

    // The strip's slider lies across the phone: a tap a quarter of the way along sets about 25 %.
    const drums = page.getByTestId('mixer-strip').and(page.locator('[data-group="Drums"]'));
    const slider = page.getByRole('slider', { name: 'Drums volume' });
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    if (!box) throw new Error('the Drums volume slider is not drawn');
    expect(box.width).toBeGreaterThan(box.height);
    await slider.tap({ position: { x: box.width * 0.25, y: box.height / 2 } });
    await page.waitForFunction(() => {
      const volume = Number(document.querySelector('[data-testid="mixer-strip"][data-group="Drums"]')?.getAttribute('data-volume'));
      return volume > 0.1 && volume < 0.4;
    });
    // Committed on release: the strip holds what the slider shows (the thumb's width keeps it a little under 25 %).
    expect(Number(await drums.getAttribute('data-volume'))).toBeCloseTo(Number(await slider.inputValue()) / 100, 5);

    expect(await smallTouchTargets(page, '[data-testid="player-body"]')).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.evaluate(() => document.querySelector('section[aria-label="Player"]')?.scrollTo(0, 0));
    await saveScreenshot(page, 'phone-player-390');
    await page.getByRole('group', { name: 'Mixer' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'phone-player-mixer-390');
    expect(await body.getAttribute('data-playing')).toBe('false');

    // Scrolled down to the mixer (its top at the screen's top, the ring and the deck gone above),
    // play and pause are still on screen and on top of what scrolled under them.
    await page.getByRole('group', { name: 'Mixer' }).evaluate((mixer) => mixer.scrollIntoView({ block: 'start' }));
    expect((await page.getByTestId('waveform-ring').boundingBox())!.y).toBeLessThan(0);
    for (const name of ['Play', 'Stop']) expect(await onScreenAndOnTop(page, name), name).toBe(true);
    await page.getByRole('button', { name: 'Play' }).tap();
    await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
    expect(await onScreenAndOnTop(page, 'Pause')).toBe(true);
    await page.getByRole('button', { name: 'Pause' }).tap();
    await page.locator('[data-testid="player-body"][data-playing="false"]').waitFor();

    // Lyrics, full screen on the phone.
    await page.getByRole('button', { name: 'KARAOKE' }).tap();
    const lyrics = page.getByRole('dialog', { name: 'Lyrics' });
    await lyrics.waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'phone-lyrics-390');
    await page.getByRole('button', { name: 'Close lyrics' }).tap();
    await lyrics.waitFor({ state: 'detached' });

    // The practice log, from the account popover.
    await page.getByRole('button', { name: 'ACCOUNT' }).tap();
    await page.getByRole('link', { name: 'Practice Log' }).tap();
    await page.getByRole('heading', { level: 1, name: 'PRACTICE LOG' }).waitFor();
    // A 6 s song is under the 10 s a session needs, so the log is empty here; it has loaded once this is gone.
    await page.getByText('Loading your practice log...').waitFor({ state: 'detached' });
    expect(await sidewaysOverflow(page)).toEqual([]);
    await saveScreenshot(page, 'phone-practice-390');

    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
