import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAdminEmail } from './admin-email';
import { startApp } from './app-process';
import type { AppProcess } from './app-process';
import { launchBrowser } from './browser';
import type { TestBrowser } from './browser';
import { uniqueEmail } from './dev-outbox';
import { openSong } from './new-listener';
import { watchPageProblems } from './page-problems';
import { scanFixtureLibrary } from './scan-fixture-library';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';
import { fixtureSongs } from './song-fixtures';

// The machine running these may be busy: song loads and sign-ins get generous time.
const FLOW_TIMEOUT_MS = 300_000;
const STEP_TIMEOUT_MS = 60_000;

// A fresh app of its own, so the admin signs up first (user id 1) and the figures on screen can be
// told apart from other files' users. The seedable app: a month's usage without streaming it.
let app: AppProcess;
let browser: TestBrowser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ entry: 'scripts/e2e/start-seedable-app.ts' }), launchBrowser()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${app.baseUrl}${path}`);
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

async function columnTexts(page: Page, testId: string, column: number): Promise<string[]> {
  return page.getByTestId(testId).locator(`td:nth-child(${column})`).allInnerTexts();
}

describe('admin screens', () => {
  it(
    'an admin sees each tab with true figures, sorts usage, reads the last songs, audits and adjusts credits, and switches purchasing off; a non-admin sees none of it',
    async () => {
      const page = await browser.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const problems = watchPageProblems(page);
      const listener = uniqueEmail('admin-listener');
      const song = fixtureSongs[0]!;

      // The admin signs up first (user id 1); a musician then plays a song and streams.
      await signInWithCode(page, app.baseUrl, e2eAdminEmail);
      await signInWithCode(page, app.baseUrl, listener);
      const songIds = await scanFixtureLibrary(page, app.baseUrl);
      await openSong(page, app.baseUrl, songIds.get(song.title));
      const seeded = await page.request.post(`${app.baseUrl}/api/e2e-seed/usage`, { data: { credits: 3 } });
      expect(seeded.status()).toBe(204);

      // Not an admin: the frame says so, no tabs, and the server refuses the calls.
      await page.goto(`${app.baseUrl}/admin/overview`);
      await page.getByRole('heading', { name: 'Admin access required' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
      expect(await page.getByText('Total Users').count()).toBe(0);
      expect((await page.request.get(`${app.baseUrl}/api/admin/stats`)).status()).toBe(403);
      await saveScreenshot(page, 'admin-refused-non-admin');

      await signInWithCode(page, app.baseUrl, e2eAdminEmail);

      // Redirects of spec 001, 2.1.
      await page.goto(`${app.baseUrl}/admin`);
      await page.waitForURL(`${app.baseUrl}/admin/settings`);
      await page.goto(`${app.baseUrl}/admin/users`);
      await page.waitForURL(`${app.baseUrl}/admin/overview`);

      // Overview: the cards say what the API says; the table lists both accounts.
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      const stats = await apiJson<{ totalUsers: number; activeSubscriptions: number; monthlyRevenue: number; churnRate: number }>(page, '/api/admin/stats');
      expect(stats.totalUsers).toBe(2);
      const card = (name: string) => page.getByRole('region', { name }).locator('p').first().innerText();
      expect(await card('Total Users')).toBe('2');
      expect(await card('Active Subscriptions')).toBe(String(stats.activeSubscriptions));
      expect(await card('MRR')).toBe(`$${Math.round(stats.monthlyRevenue)}`);
      expect(await card('Churn Rate')).toBe(`${stats.churnRate.toFixed(1)}%`);
      const userRows = page.getByTestId('admin-user-row');
      await userRows.nth(1).waitFor();
      expect(await userRows.count()).toBe(2);
      expect(await page.getByRole('table', { name: 'All Users' }).locator('th').allInnerTexts()).toEqual([
        'ID',
        'Email',
        'Status',
        'Subscription Ends',
        'Signed Up',
        'Last Login',
      ]);
      const listenerRow = userRows.filter({ hasText: listener });
      const cells = await listenerRow.locator('td').allInnerTexts();
      expect(cells[2]).toBe('Free');
      expect(cells[3]).toBe('-');
      expect(cells[4]).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
      expect(cells[5]).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
      await saveScreenshot(page, 'admin-overview');

      // Usage: the listener streamed, so Total Streamed descending ranks them first.
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Usage' }).click();
      await page.waitForURL(`${app.baseUrl}/admin/usage`);
      await page.getByRole('heading', { name: 'Bandwidth Usage' }).waitFor();
      const usageRows = page.getByTestId('usage-row');
      await usageRows.nth(1).waitFor();
      // textContent: the sort mark is a flex item, which innerText would put on a line of its own.
      expect(await page.getByRole('table', { name: 'Bandwidth Usage' }).locator('th').allTextContents()).toEqual([
        'Rank',
        'Email',
        'Status',
        'Last Active',
        '24h Usage',
        '7d Usage',
        '7d Sessions',
        'Total Streamed▼',
      ]);
      expect(await columnTexts(page, 'usage-row', 1)).toEqual(['1', '2']);
      expect(await columnTexts(page, 'usage-row', 2)).toEqual([listener, e2eAdminEmail]);
      const first = await usageRows.first().locator('td').allInnerTexts();
      expect(first[2]).toBe('Free');
      expect(first[3]).toMatch(/^(Just now|\d+m ago)$/);
      // 3 seeded credits (30 MB) plus the song's stems.
      expect(first[7]).toMatch(/^(3[0-9]|[4-9]\d)\.\d{2} MB$/);
      expect(first[5]).toBe(first[7]);
      expect(await usageRows.nth(1).locator('td').nth(7).innerText()).toBe('0.00 B');
      await saveScreenshot(page, 'admin-usage');

      // Sorting: a new column starts descending, the same column toggles; Rank follows the order.
      const emailHeader = page.getByRole('columnheader', { name: /Email/ });
      await page.getByRole('button', { name: 'Sort by Email' }).click();
      expect(await emailHeader.getAttribute('aria-sort')).toBe('descending');
      const descending = [listener, e2eAdminEmail].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1));
      expect(await columnTexts(page, 'usage-row', 2)).toEqual(descending);
      await page.getByRole('button', { name: 'Sort by Email' }).click();
      expect(await emailHeader.getAttribute('aria-sort')).toBe('ascending');
      expect(await columnTexts(page, 'usage-row', 2)).toEqual([...descending].reverse());
      expect(await columnTexts(page, 'usage-row', 1)).toEqual(['1', '2']);
      await saveScreenshot(page, 'admin-usage-sorted-by-email');
      await page.getByRole('button', { name: 'Sort by Total Streamed' }).click();
      expect(await columnTexts(page, 'usage-row', 2)).toEqual([listener, e2eAdminEmail]);

      // Hovering Last Active: after 300 ms, the songs the listener played.
      await usageRows.first().getByTestId('last-active').hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.getByText(song.title).waitFor();
      expect(await tooltip.innerText()).toContain('Last 3 Songs Played:');
      await saveScreenshot(page, 'admin-usage-last-songs-tooltip');
      await usageRows.nth(1).getByTestId('last-active').hover();
      await tooltip.getByText('No songs played yet').waitFor();
      await page.mouse.move(5, 5);
      await tooltip.waitFor({ state: 'detached' });

      // The audit page: the listener's history, filtered, and a credit adjustment.
      await usageRows.first().getByRole('link', { name: listener }).click();
      await page.waitForURL(/\/admin\/users\/\d+$/);
      await page.getByRole('heading', { name: 'User History' }).waitFor();
      const events = page.getByTestId('audit-event');
      await events.first().waitFor();
      const types = await events.locator('td:nth-child(2)').allInnerTexts();
      expect(types).toContain('Stem streamed');
      expect(types).toContain('User signed in');
      await page.getByLabel('Event type').selectOption('StemStreamed');
      await page.getByText('Page 1').waitFor();
      await expect.poll(async () => new Set(await events.locator('td:nth-child(2)').allInnerTexts())).toEqual(new Set(['Stem streamed']));

      await page.getByRole('textbox', { name: 'Credits', exact: true }).fill('0');
      await page.getByRole('textbox', { name: 'Reason', exact: true }).fill('Metering fault');
      await page.getByRole('button', { name: 'Record Adjustment' }).click();
      expect(await page.getByRole('alert').filter({ hasText: 'Enter a number other than 0' }).count()).toBe(1);
      await page.getByRole('textbox', { name: 'Credits', exact: true }).fill('25');
      await page.getByRole('button', { name: 'Record Adjustment' }).click();
      const recorded = page.getByRole('status').filter({ hasText: 'Granted 25 credits' });
      await recorded.waitFor();
      expect(await recorded.innerText()).toBe(`Granted 25 credits to ${listener} (reason: Metering fault). Purchased credits left: 25.`);
      expect((await toastTitled(page, 'Credits Adjusted')).variant).toBe('default');
      // The history starts again at its newest page with the filter kept; the adjustment is there.
      expect(await page.getByLabel('Event type').inputValue()).toBe('StemStreamed');
      await page.getByLabel('Event type').selectOption('CreditsAdjusted');
      const newest = events.first();
      await newest.getByText('Credits adjusted').waitFor();
      expect(await events.count()).toBe(1);
      expect(await newest.locator('td').allInnerTexts()).toEqual([expect.stringMatching(/ UTC$/), 'Credits adjusted', '+25 credits: Metering fault', 'Admin #1']);
      await saveScreenshot(page, 'admin-user-audit');

      // Settings: purchasing off takes effect at once; membership refuses checkout.
      await page.goto(`${app.baseUrl}/admin/settings`);
      const purchasing = page.getByRole('switch', { name: 'Purchasing' });
      await page.getByText('Purchasing is enabled').waitFor();
      expect(await purchasing.getAttribute('aria-checked')).toBe('true');
      await page.getByRole('heading', { name: 'Usage Notes' }).waitFor();
      try {
        await purchasing.click();
        expect(await purchasing.getAttribute('aria-checked')).toBe('false');
        expect((await toastTitled(page, 'Settings Updated')).description).toBe('Purchasing is off: no one can start a checkout.');
        await page.getByText('Purchasing is disabled').waitFor();
        await saveScreenshot(page, 'admin-settings-purchasing-off');
        expect(await apiJson(page, '/api/admin/settings')).toEqual({ purchasing_enabled: false });

        await page.goto(`${app.baseUrl}/membership`);
        await page.getByText('Purchasing Temporarily Unavailable').waitFor();
        expect(await page.getByRole('button', { name: 'Upgrade to Pro - $15/month' }).count()).toBe(0);
        const checkout = await page.request.post(`${app.baseUrl}/api/subscription/create-checkout`, { data: { planType: 'monthly' } });
        expect(checkout.status()).toBe(403);
        await saveScreenshot(page, 'admin-membership-purchasing-off');
      } finally {
        await page.goto(`${app.baseUrl}/admin/settings`);
        await page.getByText(/Purchasing is (enabled|disabled)/).waitFor();
        if ((await purchasing.getAttribute('aria-checked')) === 'false') {
          // The switch flips before the server answers (optimistic): wait for the answer itself.
          const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/settings') && response.request().method() === 'PATCH');
          await purchasing.click();
          expect((await saved).status()).toBe(200);
        }
        await page.getByText('Purchasing is enabled').waitFor();
      }
      expect(await apiJson(page, '/api/admin/settings')).toEqual({ purchasing_enabled: true });

      expect(problems).toEqual([]);
      await page.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'keeps 10,000 users smooth: only the rows in view are drawn, the last rank is reachable, sorting reorders them all',
    async () => {
      const page = await browser.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const problems = watchPageProblems(page);
      await signInWithCode(page, app.baseUrl, e2eAdminEmail);
      // The client's side of scale: the server's figures for 10,000 users are its own benchmark
      // (bench:admin); here the browser gets them from a stand-in answer.
      const now = Date.now();
      const manyRows = Array.from({ length: 10_000 }, (_, index) => ({
        id: index + 1,
        email: `listener${String(index + 1).padStart(5, '0')}@example.com`,
        isPro: index % 7 === 0,
        lastActive: index % 5 === 0 ? null : new Date(now - index * 60_000).toISOString(),
        usage24h: (index * 7919) % 50_000_000,
        usage7d: (index * 104_729) % 500_000_000,
        sessions7d: index % 13,
        totalBytesStreamed: (index * 1_299_709) % 5_000_000_000,
      }));
      await page.route('**/api/admin/usage', (route) => route.fulfill({ json: manyRows }));

      await page.goto(`${app.baseUrl}/admin/usage`);
      const rows = page.getByTestId('usage-row');
      await rows.first().waitFor();
      expect(await page.getByText('10,000 users').count()).toBe(1);
      expect(await rows.count()).toBeLessThan(40);
      const largest = [...manyRows].sort((a, b) => b.totalBytesStreamed - a.totalBytesStreamed || a.id - b.id)[0]!;
      expect(await rows.first().locator('td').nth(1).innerText()).toBe(largest.email);

      // Sorting all 10,000 and drawing the new first rows, timed inside the page from the click to
      // the first frame showing them: reported, not asserted (the machine may be busy).
      const sortMs = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const button = document.querySelector<HTMLButtonElement>('button[aria-label="Sort by Email"]')!;
            const started = performance.now();
            button.click();
            const check = () => {
              const first = document.querySelector('[data-testid="usage-row"] td:nth-child(2)');
              if (first?.textContent === 'listener10000@example.com') resolve(performance.now() - started);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      );
      console.info(`admin usage: sorting 10,000 rows by e-mail, click to first frame: ${Math.round(sortMs)} ms`);
      await rows.first().getByText('listener10000@example.com').waitFor();

      await page.getByTestId('bandwidth-table').evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
      await rows.last().getByText('listener00001@example.com').waitFor();
      expect(await rows.last().locator('td').first().innerText()).toBe('10000');
      expect(await rows.count()).toBeLessThan(40);
      await saveScreenshot(page, 'admin-usage-10000-rows-end');

      // The All Users table is windowed the same way.
      const manyUsers = manyRows.map((row) => ({
        id: row.id,
        email: row.email,
        subscriptionStatus: row.isPro ? 'active' : null,
        subscriptionEndsAt: row.isPro ? new Date(now + 86_400_000).toISOString() : null,
        createdAt: new Date(now - row.id * 3_600_000).toISOString(),
        lastLoginAt: row.lastActive,
      }));
      await page.route('**/api/admin/users', (route) => route.fulfill({ json: manyUsers }));
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Overview' }).click();
      const userRows = page.getByTestId('admin-user-row');
      await userRows.first().waitFor();
      expect(await page.getByText('10,000 users').count()).toBe(1);
      expect(await userRows.count()).toBeLessThan(40);
      await page.getByTestId('all-users-table').evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
      await userRows.last().getByText('listener10000@example.com').waitFor();
      expect(await userRows.count()).toBeLessThan(40);
      expect(problems).toEqual([]);
      await page.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'on a 390 px phone the tabs stay in the window and the tables keep a readable Email column',
    async () => {
      const phone = await launchBrowser({ phone: { width: 390, height: 844 } });
      try {
        const page = await phone.newPage();
        page.setDefaultTimeout(STEP_TIMEOUT_MS);
        const problems = watchPageProblems(page);
        await signInWithCode(page, app.baseUrl, e2eAdminEmail);
        const tabs = page.getByRole('navigation', { name: 'Admin sections' });
        for (const [tab, table] of [
          ['Overview', 'All Users'],
          ['Usage', 'Bandwidth Usage'],
        ] as const) {
          await page.goto(`${app.baseUrl}/admin/${tab.toLowerCase()}`);
          const email = page.getByRole('table', { name: table }).getByRole('columnheader', { name: /Email/ });
          await email.waitFor();
          expect((await email.boundingBox())?.width).toBeGreaterThanOrEqual(200);
          for (const name of ['Overview', 'Usage', 'Announcements', 'Settings']) {
            const box = await tabs.getByRole('link', { name }).boundingBox();
            expect(box!.x).toBeGreaterThanOrEqual(0);
            expect(box!.x + box!.width).toBeLessThanOrEqual(390);
          }
          // The page itself never scrolls sideways: only the table's own scroller does.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await saveScreenshot(page, `admin-${tab.toLowerCase()}-phone`);
        }
        await tabs.getByRole('link', { name: 'Settings' }).click();
        await page.waitForURL(`${app.baseUrl}/admin/settings`);
        await page.getByRole('switch', { name: 'Purchasing' }).waitFor();
        expect(problems).toEqual([]);
      } finally {
        await phone.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
