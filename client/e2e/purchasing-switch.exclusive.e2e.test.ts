import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eAdminEmail, settingsAdminEmail } from './admin-email';
import { browserPerFile } from './browser-per-file';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';
import { uniqueEmail } from './dev-outbox';

/**
 * Spec 001: the purchasing switch takes effect at once everywhere, tabs already open included.
 * Every user of the shared app sees the switch, so this file runs alone (the e2e-exclusive project).
 */

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const upgradeLabel = 'Upgrade to Pro - $15/month';

/** Switches purchasing through the shared app's seeding route (scripts/e2e/start-seedable-app.ts). */
async function seedPurchasing(page: Page, enabled: boolean): Promise<void> {
  const answer = await page.request.post(`${baseUrl}/api/e2e-seed/purchasing`, { data: { enabled } });
  if (answer.status() !== 204) throw new Error(`seeding purchasing answered ${answer.status()}: ${await answer.text()}`);
}

describe('purchasing switch', () => {
  it('switched off in one tab, another open tab stops offering Upgrade without a reload, and offers it again when switched back on', async () => {
    const admin = await browser.newPage();
    const problems = watchPageProblems(admin);
    await signInWithCode(admin, baseUrl, e2eAdminEmail);
    await admin.goto(`${baseUrl}/admin/settings`);
    const purchasing = admin.getByRole('switch', { name: 'Purchasing' });
    await admin.getByText('Purchasing is enabled').waitFor();

    // The other tab: same browser, already showing the offers.
    const shopper = await browser.newPage();
    const shopperProblems = watchPageProblems(shopper);
    await shopper.goto(`${baseUrl}/membership`);
    await shopper.getByRole('button', { name: upgradeLabel }).waitFor();
    const loads: string[] = [];
    shopper.on('framenavigated', (frame) => {
      if (frame === shopper.mainFrame()) loads.push(frame.url());
    });

    try {
      const saved = admin.waitForResponse((response) => response.url().endsWith('/api/admin/settings') && response.request().method() === 'PATCH');
      await purchasing.click();
      expect((await saved).status()).toBe(200);
      await shopper.getByText('Purchasing Temporarily Unavailable').waitFor();
      expect(await shopper.getByRole('button', { name: upgradeLabel }).count()).toBe(0);
      await saveScreenshot(shopper, 'purchasing-off-in-an-open-tab');
      // The server refuses a checkout started anyway.
      expect((await shopper.request.post(`${baseUrl}/api/subscription/create-checkout`, { data: { planType: 'monthly' } })).status()).toBe(403);
    } finally {
      if ((await purchasing.getAttribute('aria-checked')) === 'false') {
        const saved = admin.waitForResponse((response) => response.url().endsWith('/api/admin/settings') && response.request().method() === 'PATCH');
        await purchasing.click();
        expect((await saved).status()).toBe(200);
      }
    }
    await shopper.getByRole('button', { name: upgradeLabel }).waitFor();
    expect(loads).toEqual([]);
    expect(problems).toEqual([]);
    expect(shopperProblems).toEqual([]);
  });

  it('an admin switches purchasing off in Settings: it says so, the settings answer follows, and membership refuses checkout', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await signInWithCode(page, baseUrl, settingsAdminEmail);
    await page.goto(`${baseUrl}/admin/settings`);
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
      expect(await (await page.request.get(`${baseUrl}/api/admin/settings`)).json()).toEqual({ purchasing_enabled: false });

      await page.goto(`${baseUrl}/membership`);
      await page.getByText('Purchasing Temporarily Unavailable').waitFor();
      expect(await page.getByRole('button', { name: upgradeLabel }).count()).toBe(0);
      const checkout = await page.request.post(`${baseUrl}/api/subscription/create-checkout`, { data: { planType: 'monthly' } });
      expect(checkout.status()).toBe(403);
      await saveScreenshot(page, 'admin-membership-purchasing-off');
    } finally {
      await page.goto(`${baseUrl}/admin/settings`);
      await page.getByText(/Purchasing is (enabled|disabled)/).waitFor();
      if ((await purchasing.getAttribute('aria-checked')) === 'false') {
        // The switch flips before the server answers (optimistic): wait for the answer itself.
        const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/settings') && response.request().method() === 'PATCH');
        await purchasing.click();
        expect((await saved).status()).toBe(200);
      }
      await page.getByText('Purchasing is enabled').waitFor();
    }
    expect(await (await page.request.get(`${baseUrl}/api/admin/settings`)).json()).toEqual({ purchasing_enabled: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it(
    'while purchasing is off, membership shows Purchasing Temporarily Unavailable instead of the buy buttons',
    async () => {
      const page = await browser.newPage();
      await signInWithCode(page, baseUrl, uniqueEmail('credits-off'));
      await seedPurchasing(page, false);
      try {
        await page.goto(`${baseUrl}/membership`);
        await page.getByRole('heading', { name: 'No Active Subscription' }).waitFor();
        await page.getByText('Purchasing Temporarily Unavailable').waitFor();
        expect(await page.getByRole('button', { name: 'Upgrade to Pro - $15/month' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Buy More Credits - $5 for 100 credits' }).count()).toBe(0);
        await saveScreenshot(page, 'membership-purchasing-disabled');
      } finally {
        await seedPurchasing(page, true);
      }
      await page.close();
    },
  );
});
