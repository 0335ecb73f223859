import { describe, expect, inject, it } from 'vitest';
import { e2eAdminEmail } from './admin-email';
import { browserPerFile } from './browser-per-file';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { signInWithCode } from './sign-in-flow';

/** Spec 001: the purchasing switch takes effect at once everywhere, tabs already open included. */

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const upgradeLabel = 'Upgrade to Pro - $15/month';

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
});
