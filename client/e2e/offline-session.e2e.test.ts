import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { libraryRow } from './library-row';
import { signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { pagesPerTest } from './pages-per-test';
import { saveScreenshot } from './screenshot';
import { fixtureLibraryTitles, fixtureSongs } from './song-fixtures';

const baseUrl = inject('baseUrl');
const STEP_TIMEOUT_MS = 30_000;
const browser = browserPerFile();

const newPage = pagesPerTest(browser, { timeoutMs: STEP_TIMEOUT_MS });

const [sineParade, quietHum] = fixtureSongs.map((song) => song.title) as [string, string];

/**
 * Serves the app's own files (the page and its assets, never /api) from what they last answered,
 * as the app's service worker does (decision 0026). The test browsers block service workers, whose
 * answers `page.route` cannot see (offline-shell.e2e.test.ts tests the worker itself), so without
 * this a reload while offline would only show Chromium's error page. Calls to /api are left to the
 * (offline) network.
 */
async function cacheAppShell(page: Page): Promise<void> {
  const cached = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  await page.route(
    (url) => url.origin === baseUrl && !url.pathname.startsWith('/api/'),
    async (route: Route) => {
      const url = route.request().url();
      const stored = cached.get(url);
      if (stored) return route.fulfill(stored);
      const response = await route.fetch();
      const entry = { status: response.status(), headers: response.headers(), body: await response.body() };
      cached.set(url, entry);
      return route.fulfill(entry);
    },
  );
}

/** Whether the page's last GET /api/auth/me failed without any HTTP answer. */
function watchSessionChecks(page: Page): { failed: number; answered: number[] } {
  const seen = { failed: 0, answered: [] as number[] };
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/me') seen.failed += 1;
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/me') seen.answered.push(response.status());
  });
  return seen;
}

describe('offline session', () => {
  it('keeps the signed-in user when the session check has no network: the library opens from the local database, with a notice', async () => {
    const page = await newPage();
    const problems = watchPageProblems(page);
    await signInNewListener(page, baseUrl, 'offline-library');
    await libraryRow(page, sineParade).waitFor();
    await libraryRow(page, quietHum).waitFor();
    await cacheAppShell(page);
    await page.reload();
    await libraryRow(page, quietHum).waitFor();
    expect(await page.getByText('Offline: showing what this device has saved.').count()).toBe(0);

    const checks = watchSessionChecks(page);
    await browser.context.setOffline(true);
    await page.reload();
    await libraryRow(page, sineParade).waitFor();
    await libraryRow(page, quietHum).waitFor();
    expect(page.url()).toBe(`${baseUrl}/library`);
    expect(checks.failed).toBeGreaterThan(0);
    expect(checks.answered).toEqual([]);
    await page.getByRole('status').filter({ hasText: 'Offline: showing what this device has saved.' }).waitFor();
    expect(await page.getByRole('button', { name: `ALL SONGS (${fixtureLibraryTitles.length})` }).isVisible()).toBe(true);
    // Whether this user has Pro is unknown offline: no offer to buy it.
    expect(await page.getByText('Unlock Full Access with Pro').count()).toBe(0);
    await saveScreenshot(page, 'library-offline');

    // Back online, the session is checked again: the notice goes, the user stays.
    await browser.context.setOffline(false);
    await page.getByText('Offline: showing what this device has saved.').waitFor({ state: 'detached' });
    expect(checks.answered).toEqual([200]);
    expect(page.url()).toBe(`${baseUrl}/library`);
    expect(problems).toEqual([]);
  });

  it('still signs out on a 401, and then no longer opens the library offline', async () => {
    const page = await newPage();
    await signInNewListener(page, baseUrl, 'offline-401');
    await libraryRow(page, sineParade).waitFor();
    await cacheAppShell(page);
    await page.reload();
    await libraryRow(page, sineParade).waitFor();

    // The session ends on the server (this browser's cookie with it): the next check answers 401.
    const loggedOut = await page.request.post(`${baseUrl}/api/auth/logout`, { data: {} });
    expect(loggedOut.ok()).toBe(true);
    await page.reload();
    await page.waitForURL(`${baseUrl}/landing`);

    await page.goto(`${baseUrl}/library`);
    await page.waitForURL(`${baseUrl}/landing`);
    await browser.context.setOffline(true);
    await page.goto(`${baseUrl}/library`);
    await page.waitForURL(`${baseUrl}/landing`);
    expect(await libraryRow(page, sineParade).count()).toBe(0);
  });
});
