import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';

const baseUrl = inject('baseUrl');
const DAY_MS = 24 * 60 * 60 * 1000;
// The injected clock's start: any fixed moment, so the 7 days are counted on it, not on the wall.
const firstVisit = Date.UTC(2026, 2, 2, 9, 0, 0);
const browser = browserPerFile({ installBanner: 'allow' });

/**
 * A page on /landing whose Date and timers run on Playwright's fake clock, paused at `time`: only
 * `clock.runFor` moves it, so every time the app reads is exact.
 */
async function landingAt(time: number): Promise<Page> {
  const page = await browser.newPage();
  await ignoreChromiumsOwnInstallEvent(page);
  await page.clock.install({ time: time - 1_000 });
  await page.clock.pauseAt(time);
  await page.goto(`${baseUrl}/landing`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

/**
 * Chromium offers the app itself once the manifest qualifies (headless too), at a moment of its
 * choosing: its trusted event is stopped before the app hears it, so only the test's own event
 * (untrusted) starts the 10 s.
 */
async function ignoreChromiumsOwnInstallEvent(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener(
      'beforeinstallprompt',
      (event) => {
        if (event.isTrusted) event.stopImmediatePropagation();
      },
      { capture: true },
    );
  });
}

/**
 * Dispatches the browser's install event as Chromium would (headless Chromium never offers an
 * install itself), with a prompt() that counts its calls on window.
 */
async function dispatchInstallEvent(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const calls = window as unknown as { installPromptCalls: number };
    calls.installPromptCalls = 0;
    Object.assign(event, {
      prompt: async () => {
        calls.installPromptCalls += 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
}

function banner(page: Page) {
  return page.getByRole('complementary', { name: 'Install Woodshed' });
}

describe('install prompt (spec 001, 2.8 and 4)', () => {
  it('appears 10 s after the install event, and after a dismissal stays away for 7 days', async () => {
    const page = await landingAt(firstVisit);
    const problems = watchPageProblems(page);
    await dispatchInstallEvent(page);
    await page.clock.runFor(9_900);
    expect(await banner(page).count()).toBe(0);
    await page.clock.runFor(100);
    await banner(page).waitFor();
    expect(await banner(page).getByRole('button', { name: 'Install' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'install-banner');

    await banner(page).getByRole('button', { name: 'Not now' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored['woodshed:install-prompt-dismissed-at']).toBe(String(firstVisit + 10_000));
    expect(problems).toEqual([]);
    await page.close();

    // Six days later the event comes again: the banner stays hidden.
    const sixDaysLater = await landingAt(firstVisit + 6 * DAY_MS);
    await dispatchInstallEvent(sixDaysLater);
    await sixDaysLater.clock.runFor(30_000);
    expect(await banner(sixDaysLater).count()).toBe(0);
    await sixDaysLater.close();

    // Seven days after the dismissal it is offered again.
    const weekLater = await landingAt(firstVisit + 10_000 + 7 * DAY_MS);
    await dispatchInstallEvent(weekLater);
    await weekLater.clock.runFor(10_000);
    await banner(weekLater).waitFor();
    await weekLater.close();
  });

  it('steps aside while a modal is open, such as the lyrics with their own Play, and comes back after', async () => {
    const page = await landingAt(firstVisit + 60 * DAY_MS);
    await dispatchInstallEvent(page);
    await page.clock.runFor(10_000);
    await banner(page).waitFor();
    await page.evaluate(() => {
      const modal = document.createElement('div');
      modal.id = 'test-modal';
      modal.setAttribute('role', 'dialog');
      modal.setAttribute('aria-modal', 'true');
      modal.setAttribute('aria-label', 'Lyrics');
      document.body.append(modal);
    });
    await banner(page).waitFor({ state: 'hidden' });
    await page.evaluate(() => document.getElementById('test-modal')!.remove());
    await banner(page).waitFor({ state: 'visible' });
    await page.close();
  });

  it('Install opens the browser’s dialog and hides the banner', async () => {
    const page = await landingAt(firstVisit + 30 * DAY_MS);
    await dispatchInstallEvent(page);
    await page.clock.runFor(10_000);
    await banner(page).getByRole('button', { name: 'Install' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { installPromptCalls: number }).installPromptCalls)).toBe(1);
    await page.close();
  });

  it('on an iPhone, which has no install event, appears 10 s after load with Safari’s steps', async () => {
    const page = await browser.newPage();
    // An iPhone's Safari as the page sees it (the engine stays Chromium; only the reported user
    // agent and platform change), and, as on an iPhone, no install event.
    const devtools = await browser.context.newCDPSession(page);
    await devtools.send('Emulation.setUserAgentOverride', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      platform: 'iPhone',
    });
    await ignoreChromiumsOwnInstallEvent(page);
    const time = firstVisit + 60 * DAY_MS;
    await page.clock.install({ time: time - 1_000 });
    await page.clock.pauseAt(time);
    await page.goto(`${baseUrl}/landing`, { waitUntil: 'load' });
    await page.clock.runFor(9_900);
    expect(await banner(page).count()).toBe(0);
    await page.clock.runFor(100);
    await banner(page).getByText('tap Share, then Add to Home Screen').waitFor();
    expect(await banner(page).getByRole('button', { name: 'Install' }).count()).toBe(0);
    await saveScreenshot(page, 'install-banner-ios');
    await page.close();
  });

  it('serves the web app manifest with the app’s icons', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/landing`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await page.request.get(new URL(href!, baseUrl).toString())).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Woodshed', display: 'standalone', start_url: '/library' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const response = await page.request.get(new URL(icon.src, baseUrl).toString());
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    await page.close();
  });
});
