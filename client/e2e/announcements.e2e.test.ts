import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { e2eAdminEmail } from './admin-email';
import { browserPerFile } from './browser-per-file';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';

// The machine running these may be busy: sign-ins and polls get generous time.
const FLOW_TIMEOUT_MS = 240_000;
const STEP_TIMEOUT_MS = 30_000;

// The shared app's first ADMIN_EMAILS address is the test audience's recipient, and a queued
// campaign there waits ten minutes before its first batch (global-setup.ts), so the test pauses it
// before anything is sent and the mail goes out when it resumes it. No other file sends campaigns.
const baseUrl = inject('baseUrl');
const browser = browserPerFile();

interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string | null;
  headers: Record<string, string> | null;
  data: Record<string, string> | null;
}

async function campaignMail(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.filter((message) => message.data?.campaignId !== undefined);
}

const historyRow = (page: Page, subject: string) => page.getByRole('table', { name: 'Campaign history' }).getByRole('row').filter({ hasText: subject });

it(
  'an admin composes a test campaign, confirms it, sees it in the history, pauses it; resumed, the test mail reaches the outbox',
  async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const problems = watchPageProblems(page);
    await signInWithCode(page, baseUrl, e2eAdminEmail);
    await page.goto(`${baseUrl}/admin/announcements`);
    await page.getByRole('heading', { name: 'Compose Announcement' }).waitFor();
    await saveScreenshot(page, 'announcements-empty');
    await page.getByText('No campaigns yet').waitFor();

    // What the form and its confirmation say (blank fields, the warning before mail to all users)
    // is checked in announcements-compose.component.test.tsx; here, what needs the browser and the server.
    const subject = `Three new songs ${Date.now().toString(36)}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('<p>Hello&nbsp;players,</p>\nthree new songs are in the library.');

    // To all users: the dialog with its warning.
    await page.getByLabel('Target audience').selectOption('all');
    const sendButton = page.getByRole('button', { name: 'Send Campaign' });
    await sendButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this campaign?' });
    await dialog.getByRole('alert').waitFor();
    await saveScreenshot(page, 'announcements-confirm-all');

    // The dialog takes focus and keeps it: Tab walks its buttons (and, past the last, the
    // browser's own controls, where the page is the body), never the page behind it.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const focused = new Set<string>();
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) return 'nothing';
        return active.closest('[role="alertdialog"]') ? `dialog: ${active.textContent}` : `page: ${active.outerHTML.slice(0, 80)}`;
      });
      focused.add(where);
    }
    expect([...focused].filter((where) => !where.startsWith('dialog: ') && where !== 'nothing')).toEqual([]);
    expect(focused).toContain('dialog: Cancel');
    expect(focused).toContain('dialog: Confirm & Send');
    // Escape closes it, as before, and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await sendButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await sendButton.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await sendButton.evaluate((button) => button === document.activeElement)).toBe(true);

    // To the test recipient: confirmed, it is queued.
    await page.getByLabel('Target audience').selectOption('test');
    await page.getByRole('button', { name: 'Send Campaign' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm & Send' }).click();
    expect(await toastTitled(page, 'Campaign created!')).toEqual({ description: 'The email campaign has been queued and will start sending shortly.', variant: 'default' });
    expect(await page.getByLabel('Subject').inputValue()).toBe('');

    const row = historyRow(page, subject);
    await row.getByRole('cell', { name: 'pending', exact: true }).waitFor();
    expect(await row.innerText()).toContain('0 / 1');
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'announcements-queued');

    await row.getByRole('button', { name: 'Pause' }).click();
    // The spec's 'Campaign updated' toast has a title only.
    await page.getByTestId('toast').getByText('Campaign updated', { exact: true }).waitFor();
    await row.getByRole('cell', { name: 'paused', exact: true }).waitFor();
    expect(await row.getByRole('button').allInnerTexts()).toEqual(['Resume', 'Cancel']);
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'announcements-paused');
    expect(await campaignMail(e2eAdminEmail)).toEqual([]);

    // Resumed: the sender mails the one recipient; the history's 5-second poll shows it completed, without actions.
    await row.getByRole('button', { name: 'Resume' }).click();
    await row.getByRole('cell', { name: 'completed', exact: true }).waitFor({ timeout: 60_000 });
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await row.innerText()).toContain('1 / 1');
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'announcements-completed');

    const [mail, ...others] = await campaignMail(e2eAdminEmail);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to: e2eAdminEmail, subject });
    expect(mail!.text).toContain('Hello players,\n\nthree new songs are in the library.');
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${mail!.data!.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // Opening the unsubscribe link changes nothing; its button unsubscribes.
    const link = mail!.data!.unsubscribeUrl!.replace(/^https?:\/\/[^/]+/, baseUrl);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Unsubscribe from announcements?' }).waitFor();
    const before = await (await page.request.get(`${baseUrl}/api/email-preferences`)).json();
    expect(before).toEqual({ unsubscribedAnnouncements: false });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await (await page.request.get(`${baseUrl}/api/email-preferences`)).json()).toEqual({ unsubscribedAnnouncements: true });
    expect(problems).toEqual([]);
  },
  FLOW_TIMEOUT_MS,
);
