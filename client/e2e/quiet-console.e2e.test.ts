import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { fixtureSongs } from './song-fixtures';

/** What a musician's console shows on the way in: nothing (decision 0069). */

const baseUrl = inject('baseUrl');
// Service workers allowed, as in a musician's browser (blocked, Playwright itself warns about each registration).
const browser = browserPerFile({ serviceWorkers: 'allow' });

describe('a quiet console', () => {
  it('has no warning or error on the landing page, the library and the player, and the site icon is served', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page, { warnings: true });
    await page.goto(`${baseUrl}/landing`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const songIds = await signInNewListener(page, baseUrl, 'quiet');
    await page.reload();
    await page.getByTestId('library-row').first().waitFor();

    const song = fixtureSongs[0]!;
    await page.getByTestId('library-row').filter({ hasText: song.title }).getByRole('link', { name: 'Load Song' }).click();
    await page.waitForURL(`${baseUrl}/player?songId=${songIds.get(song.title)}`);
    // Four stems to fetch and decode: slow on a busy two-core machine.
    await page.getByTestId('mixer-strip').first().waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
    await page.getByRole('button', { name: 'Pause' }).click();

    expect(problems).toEqual([]);

    // The page's icon and /favicon.ico, which browsers ask for where a page names none.
    const icon = await page.locator('head link[rel="icon"]').getAttribute('href');
    expect(icon).toMatch(/^\//);
    for (const path of [icon!, '/favicon.ico']) {
      const answer = await page.request.get(`${baseUrl}${path}`);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()['content-type'], path).toMatch(/^image\//);
    }
    // The pre-rendered pages carry it in their head, and the service worker keeps it for offline.
    expect(await (await page.request.get(`${baseUrl}/faq`)).text()).toContain(`<link rel="icon" href="${icon}"`);
    const worker = await (await page.request.get(`${baseUrl}/service-worker.js`)).text();
    for (const file of ['favicon.svg', 'favicon.ico']) expect(worker, file).toContain(`"${file}"`);
    await page.close();
  }, 180_000);
});
