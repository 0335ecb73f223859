import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { uniqueEmail } from './dev-outbox';
import { signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';
import { fixtureSongs } from './song-fixtures';

// The machine running these may be busy: checkouts, scans and song loads get generous time.
const FLOW_TIMEOUT_MS = 300_000;
const STEP_TIMEOUT_MS = 60_000;

// The shared app's seeding routes (scripts/e2e/start-seedable-app.ts) set a month's usage and the
// purchasing switch without streaming 2 GB or an admin screen. The test browses the app by the name
// it calls itself (PUBLIC_URL), so the test checkout's way back leads to where the session cookie lives.
const baseUrl = inject('publicUrl');
const browser = browserPerFile();

async function seed(page: Page, what: 'usage' | 'purchasing', body: object): Promise<void> {
  const answer = await page.request.post(`${baseUrl}/api/e2e-seed/${what}`, { data: body });
  if (answer.status() !== 204) throw new Error(`seeding ${what} answered ${answer.status()}: ${await answer.text()}`);
}

/** On the local test checkout page: checks it says it is a test, then presses Pay or Cancel. */
async function finishTestCheckout(page: Page, choice: 'Pay' | 'Cancel'): Promise<void> {
  await page.waitForURL(/\/api\/test-checkout\/cs_test_local_/, { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('heading', { name: 'Test checkout: no real payment' }).waitFor();
  await page.getByRole('button', { name: choice === 'Pay' ? /^Pay / : 'Cancel' }).click();
}

describe('credits and membership', () => {
  it(
    'a free user at the limit sees Credit Limit Reached, buys a pack through the test checkout, sees Credits Purchased! and the song loads',
    async () => {
      const page = await browser.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const problems = watchPageProblems(page);
      const songId = (await signInNewListener(page, baseUrl, 'credits-limit')).get(fixtureSongs[0]!.title);

      await page.goto(`${baseUrl}/usage`);
      await page.getByRole('heading', { name: 'Free Credit Period' }).waitFor();
      expect(await page.getByRole('progressbar', { name: 'Free Credits' }).getAttribute('data-tone')).toBe('gradient');
      expect(await page.getByRole('alert').count()).toBe(0);
      await saveScreenshot(page, 'usage-free');

      await seed(page, 'usage', { credits: 200 });
      await page.reload();
      const freeBar = page.getByRole('progressbar', { name: 'Free Credits' });
      await freeBar.waitFor();
      expect(await freeBar.getAttribute('data-tone')).toBe('red');
      expect(await page.getByRole('alert').innerText()).toBe('Warning: Running low on credits. Upgrade to Pro or purchase more credits.');
      expect(await page.getByRole('region', { name: 'Current Usage' }).innerText()).toContain('of 200 available');
      await saveScreenshot(page, 'usage-free-at-limit');

      await page.goto(`${baseUrl}/player?songId=${songId}`);
      const limit = page.getByRole('alertdialog', { name: 'Credit Limit Reached' });
      await limit.waitFor();
      expect(await page.getByTestId('mixer-strip').count()).toBe(0);
      await saveScreenshot(page, 'credit-limit-reached');

      await limit.getByRole('button', { name: 'Buy 100 Credits - $5' }).click();
      await finishTestCheckout(page, 'Pay');
      await page.waitForURL(`${baseUrl}/usage`);
      expect(await toastTitled(page, 'Credits Purchased!')).toEqual({ description: '100 credits have been added to your account.', variant: 'default' });
      await page.getByText('100 purchased credits left (they never expire)').waitFor();
      expect(await page.getByRole('region', { name: 'Current Usage' }).innerText()).toContain('of 300 available');
      await saveScreenshot(page, 'usage-after-purchase');

      // Back to Player goes straight back to the song that hit the limit.
      await page.getByRole('link', { name: 'Back to Player' }).click();
      await page.waitForURL(`${baseUrl}/player?songId=${songId}`);
      expect((await toastTitled(page, 'Song loaded successfully')).description).toBe(`Loaded ${fixtureSongs[0]!.stems.length} tracks for the song`);
      expect(await page.getByRole('alertdialog', { name: 'Credit Limit Reached' }).count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'upgrades to Pro through the test checkout: Welcome to Pro!, the PRO badge, the active plan; cancels and sees the notice',
    async () => {
      const page = await browser.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const problems = watchPageProblems(page);
      await signInWithCode(page, baseUrl, uniqueEmail('credits-pro'));
      expect(await page.locator('header').getByText('PRO', { exact: true }).count()).toBe(0);

      await page.goto(`${baseUrl}/membership`);
      await page.getByRole('heading', { name: 'No Active Subscription' }).waitFor();
      await saveScreenshot(page, 'membership-free');

      await page.getByRole('button', { name: 'Upgrade to Pro - $15/month' }).click();
      await finishTestCheckout(page, 'Pay');
      await page.waitForURL(`${baseUrl}/membership`);
      const welcome = page.getByRole('dialog', { name: 'Welcome to Pro!' });
      await welcome.waitFor();
      await saveScreenshot(page, 'membership-welcome-to-pro');
      await welcome.getByRole('button', { name: 'View Membership Details' }).click();
      const plan = page.getByRole('region', { name: 'Pro Membership' });
      await plan.waitFor();
      const details = await plan.innerText();
      expect(details).toContain('Active');
      expect(details).toContain('Monthly $15/month');
      expect(details).toContain('Renews On');
      await saveScreenshot(page, 'membership-active-monthly');

      await page.goto(`${baseUrl}/usage`);
      await page.getByText('unlimited streaming credits, no monthly limits').waitFor();
      expect(await page.getByRole('region', { name: 'Credit Usage' }).count()).toBe(0);
      await saveScreenshot(page, 'usage-pro');

      await page.goto(`${baseUrl}/library`);
      await page.locator('header').getByText('PRO', { exact: true }).waitFor();

      await page.goto(`${baseUrl}/membership`);
      await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Cancel Subscription' });
      expect(await confirm.innerText()).toContain(
        "Are you sure you want to cancel your subscription? You'll retain access until the end of your billing period.",
      );
      await confirm.getByRole('button', { name: 'Yes, Cancel' }).click();
      expect((await toastTitled(page, 'Subscription Canceled')).description).toMatch(/^Your subscription remains active until [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
      await page.getByText('Your subscription has been canceled and will not renew.').waitFor();
      expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
      expect(await plan.innerText()).toContain('Access Until');
      await saveScreenshot(page, 'membership-canceled-but-active');
      expect(problems).toEqual([]);
      await page.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'a cancelled checkout toasts Upgrade Canceled; the yearly plan shows as Yearly $160/year',
    async () => {
      const page = await browser.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await signInWithCode(page, baseUrl, uniqueEmail('credits-yearly'));
      await page.goto(`${baseUrl}/membership`);
      await page.getByRole('button', { name: 'Upgrade to Pro - $15/month' }).click();
      await finishTestCheckout(page, 'Cancel');
      await page.waitForURL(`${baseUrl}/membership`);
      expect((await toastTitled(page, 'Upgrade Canceled')).description).toMatch(/^No worries/);

      await page.getByRole('button', { name: 'Go Yearly - $160/year' }).click();
      await finishTestCheckout(page, 'Pay');
      await page.getByRole('dialog', { name: 'Welcome to Pro!' }).getByRole('button', { name: 'View Membership Details' }).click();
      expect(await page.getByRole('region', { name: 'Pro Membership' }).innerText()).toContain('Yearly $160/year');
      await saveScreenshot(page, 'membership-active-yearly');
      await page.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
