import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

describe('client shell', () => {
  it('serves the landing page without the design canvas', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${baseUrl}/landing`);

    const heading = page.getByRole('heading', { level: 1, name: 'Practise with the band. Play your part.' });
    await heading.waitFor();
    expect(await page.title()).toBe('Woodshed');
    expect(await page.getByRole('heading', { level: 2, name: 'Simple pricing' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await page.getByTestId('design-canvas').count()).toBe(0);
    await saveScreenshot(page, 'shell-landing');

    // Client-side navigation to another public page keeps working without a reload.
    await page.getByRole('link', { name: 'Drumless Tracks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Drumless tracks: you are the drummer' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/drumless-tracks');

    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ['/library', 'shell-library-redirect'],
    ['/admin/overview', 'shell-admin-overview-redirect'],
    ['/', undefined],
    ['/player?songId=3', undefined],
    ['/membership', undefined],
    ['/email-preferences', undefined],
    ['/admin', undefined],
    ['/admin/users', undefined],
  ])('sends a visitor without a session from %s to /landing', async (path, screenshot) => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const currentUserCall = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/me');
    await page.goto(`${baseUrl}${path}`);

    // The guard asks the API (GET, cookies, no body, so no content type) and, with no user, redirects.
    const request = await currentUserCall;
    expect(request.method()).toBe('GET');
    expect(request.headers()['content-type']).toBeUndefined();
    const response = await request.response();
    expect(response?.ok()).toBe(false);

    await page.waitForURL(`${baseUrl}/landing`);
    await page.getByRole('heading', { level: 1, name: 'Practise with the band. Play your part.' }).waitFor();
    expect(await page.getByTestId('design-canvas').count()).toBe(0);
    if (screenshot) await saveScreenshot(page, screenshot);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the not-found screen for an unknown path, in the centred design canvas', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const answer = await page.goto(`${baseUrl}/no-such-page`);
    // Served with 404 (decision 0025), yet the page is the app, which draws its not-found screen.
    expect(answer?.status()).toBe(404);

    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
    expect(await page.title()).toBe('Page Not Found · Woodshed');
    const canvas = page.getByTestId('design-canvas');
    expect(await canvas.getAttribute('data-scale')).toBe('1');
    await saveScreenshot(page, 'shell-not-found-1280x800');

    // Larger window: scale 1.5, filling it exactly.
    await page.setViewportSize({ width: 1920, height: 1200 });
    await page.waitForFunction(() => document.querySelector('[data-testid="design-canvas"]')?.getAttribute('data-scale') === '1.5');
    expect(await canvas.boundingBox()).toEqual({ x: 0, y: 0, width: 1920, height: 1200 });

    // Wide window: height limits the scale, the canvas is centred horizontally.
    await page.setViewportSize({ width: 1600, height: 400 });
    await page.waitForFunction(() => document.querySelector('[data-testid="design-canvas"]')?.getAttribute('data-scale') === '0.5');
    expect(await canvas.boundingBox()).toEqual({ x: 480, y: 0, width: 640, height: 400 });
    await saveScreenshot(page, 'shell-not-found-1600x400');

    // Huge window: capped at 2.
    await page.setViewportSize({ width: 3000, height: 2000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="design-canvas"]')?.getAttribute('data-scale') === '2');
    expect(await canvas.boundingBox()).toEqual({ x: 220, y: 200, width: 2560, height: 1600 });

    expect(problems).toEqual([]);
    await page.close();
  });
});
