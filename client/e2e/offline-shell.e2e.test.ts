import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { signInNewListener } from './new-listener';
import { saveScreenshot } from './screenshot';
import { fixtureSongs } from './song-fixtures';

const baseUrl = inject('baseUrl');
// This file tests the service worker itself, so it is allowed to install.
const browser = browserPerFile({ serviceWorkers: 'allow' });

const [sineParade] = fixtureSongs.map((song) => song.title) as [string];

describe('service worker (spec 001, 4; decision 0026)', () => {
  it('opens the library from the cached app shell with the network cut after the first visit, and never caches the API', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    await signInNewListener(page, baseUrl, 'offline-shell');
    const row = page.getByTestId('library-row').filter({ has: page.getByRole('cell', { name: sineParade, exact: true }) });
    await row.waitFor();

    // Registered on load; ready once it is active, which is after its precache is complete.
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL };
    });
    // Spec 001, 9: the worker is GET /service-worker.js.
    expect(registration).toEqual({ scope: `${baseUrl}/`, script: `${baseUrl}/service-worker.js` });

    await browser.context.setOffline(true);
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker()).toBe(true);
    await row.waitFor();
    expect(page.url()).toBe(`${baseUrl}/library`);
    await page.getByRole('status').filter({ hasText: 'Offline: showing what this device has saved.' }).waitFor();
    await saveScreenshot(page, 'offline-shell-library');

    // The API is left to the network: offline, it does not answer from any cache.
    expect(await page.evaluate(() => fetch('/api/songs').then((response) => `answered ${response.status}`, () => 'failed'))).toBe('failed');
    const cachedUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cachedUrls).toContain('/index.html');
    expect(cachedUrls.filter((url) => url.startsWith('/api/'))).toEqual([]);
    // Only the shell is precached: screens this visit never opened (the admin's) are not stored.
    expect(cachedUrls.filter((url) => url.startsWith('/assets/admin-'))).toEqual([]);

    // An address the app does not know still opens the shell offline, on the not-found screen.
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await browser.context.setOffline(false);
    await page.close();
  });
});
