import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { startNewServiceWorkerProxy } from './new-service-worker-proxy';
import type { NewServiceWorkerProxy } from './new-service-worker-proxy';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';

/** Decision 0026: the service worker's 60 s check finds a new version; the page offers to reload into it. */

const baseUrl = inject('baseUrl');
const NOTICE = 'A new version of Woodshed is available.';
// This file tests the service worker itself, so it is allowed to install.
const browser = browserPerFile({ serviceWorkers: 'allow' });
let proxy: NewServiceWorkerProxy;

beforeAll(async () => {
  proxy = await startNewServiceWorkerProxy(baseUrl);
});

afterAll(async () => {
  await proxy?.close();
});

describe('new version notice (decision 0026)', () => {
  it('appears when the 60 s check finds a new worker, never reloads by itself, and Reload moves the page to it', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    const problems = watchPageProblems(page);
    // The page's clock drives the 60 s update check.
    await page.clock.install();
    await page.goto(`${proxy.url}/landing`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The first worker installs and activates: that is not a new version.
    await page.evaluate(async () => {
      // Ready once a worker is active; it precaches the shell first, which takes a while on a busy machine.
      const active = (await navigator.serviceWorker.ready).active;
      if (!active || active.state === 'activated') return;
      await new Promise<void>((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
    });
    // A second visit is controlled by it, as every visit after the first is (a new worker then waits for it).
    const secondVisit = await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { controlled: navigator.serviceWorker.controller !== null, active: registration?.active?.state, scope: registration?.scope };
    });
    expect({ fromServiceWorker: secondVisit?.fromServiceWorker(), ...state }).toEqual({ fromServiceWorker: true, controlled: true, active: 'activated', scope: `${proxy.url}/` });
    await page.clock.runFor(61_000);
    expect(await page.getByText(NOTICE).count()).toBe(0);

    // A deploy: the worker's bytes change. The next check (60 s later) installs it, and it waits.
    proxy.publishNewWorker();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await page.clock.runFor(60_000);
    const notice = page.getByRole('status').filter({ hasText: NOTICE });
    await notice.waitFor();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await saveScreenshot(page, 'new-version-notice');

    // Left alone, the page stays as it is (nothing reloads in the middle of a song).
    await page.clock.runFor(5 * 60_000);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await notice.isVisible()).toBe(true);

    // Reload: the waiting worker takes over and the page loads again, under it.
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), active: registration?.active?.state, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(after).toEqual({ waiting: false, active: 'activated', controlled: true });
    expect(await page.getByText(NOTICE).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
