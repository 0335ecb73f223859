import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import type { TestBrowser } from './browser';
import { uniqueEmail } from './dev-outbox';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { currentUser, requestSignInMail, signInWithCode, toastTitled } from './sign-in-flow';

const baseUrl = inject('baseUrl');
let browser: TestBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
  await browser.context.clearCookies();
});

afterAll(async () => {
  await browser?.close();
});

const isPreferencesCall = (path: string, method: string) => (request: { url(): string; method(): string }) =>
  new URL(request.url()).pathname === path && request.method() === method;

/** Flips the Announcements switch and waits for the change call, the re-read and the toast. */
async function flipAnnouncements(page: Page, path: '/api/email-preferences/unsubscribe' | '/api/email-preferences/resubscribe') {
  const change = page.waitForRequest(isPreferencesCall(path, 'POST'));
  const reRead = page.waitForResponse((response) => isPreferencesCall('/api/email-preferences', 'GET')(response.request()));
  await page.getByRole('switch', { name: 'Announcements' }).click();
  const request = await change;
  // No body, so no content type (spec 001, section 7).
  expect(request.postData()).toBeNull();
  expect(request.headers()['content-type']).toBeUndefined();
  expect((await reRead).ok()).toBe(true);
  expect(await toastTitled(page, 'Preferences updated')).toEqual({
    description: 'Your email preferences have been saved.',
    variant: 'default',
  });
}

describe('e-mail preferences', () => {
  it('turns announcements off and on again, and unsubscribes once from a link carrying userId', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const me = await signInWithCode(page, baseUrl, uniqueEmail('prefs'));

    await page.goto(`${baseUrl}/email-preferences`);
    await page.getByRole('heading', { name: 'Email Preferences' }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Announcements' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const note = page.getByRole('note');
    expect(await note.count()).toBe(0);
    for (const kind of ['Account and security', 'Billing and subscriptions', 'Legal and privacy']) {
      expect(await page.getByText(kind, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Back to App' }).getAttribute('href')).toBe('/library');
    await saveScreenshot(page, 'email-preferences-subscribed');

    await flipAnnouncements(page, '/api/email-preferences/unsubscribe');
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');
    await note.waitFor();
    expect((await page.request.get(`${baseUrl}/api/email-preferences`).then((r) => r.json())) as unknown).toEqual({
      unsubscribedAnnouncements: true,
    });
    await saveScreenshot(page, 'email-preferences-unsubscribed');

    await flipAnnouncements(page, '/api/email-preferences/resubscribe');
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
    expect(await note.count()).toBe(0);

    // The unsubscribe link of an announcement: subscribed + userId -> one automatic unsubscribe.
    const autoUnsubscribe = page.waitForRequest(isPreferencesCall('/api/email-preferences/unsubscribe', 'POST'));
    await page.goto(`${baseUrl}/email-preferences?userId=${me.id}`);
    await autoUnsubscribe;
    expect(await toastTitled(page, 'Preferences updated')).toEqual({
      description: 'Your email preferences have been saved.',
      variant: 'default',
    });
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');
    await saveScreenshot(page, 'email-preferences-auto-unsubscribed');

    // Already unsubscribed: opening the link again changes nothing.
    let unsubscribeCalls = 0;
    page.on('request', (request) => {
      if (isPreferencesCall('/api/email-preferences/unsubscribe', 'POST')(request)) unsubscribeCalls++;
    });
    await page.reload();
    await page.getByRole('switch', { name: 'Announcements' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');
    await page.waitForTimeout(500);
    expect(unsubscribeCalls).toBe(0);

    await page.getByRole('link', { name: 'Back to App' }).click();
    await page.waitForURL(`${baseUrl}/library`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the next user on the same page their own preferences, not the last user's", async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await signInWithCode(page, baseUrl, uniqueEmail('first'));
    await page.goto(`${baseUrl}/email-preferences`);
    await page.getByRole('switch', { name: 'Announcements' }).waitFor();
    await flipAnnouncements(page, '/api/email-preferences/unsubscribe');
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');

    // Log out and sign the next user in without reloading the page, so only the app's own state
    // could carry the first user's answers over.
    await page.getByRole('link', { name: 'Back to App' }).click();
    await page.getByRole('button', { name: 'ACCOUNT' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    const next = uniqueEmail('next');
    const mail = await requestSignInMail(page, baseUrl, next);
    await page.getByPlaceholder('000000').fill(mail.code);
    await page.getByRole('button', { name: 'Sign In with Code' }).click();
    await page.waitForURL(`${baseUrl}/library`);
    expect((await currentUser(page, baseUrl)).email).toBe(next);

    const reRead = page.waitForResponse((response) => isPreferencesCall('/api/email-preferences', 'GET')(response.request()));
    await page.evaluate(() => {
      window.history.pushState({}, '', '/email-preferences');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('switch', { name: 'Announcements' }).waitFor();
    expect(await (await reRead).json()).toEqual({ unsubscribedAnnouncements: false });
    expect(await page.getByRole('switch', { name: 'Announcements' }).getAttribute('aria-checked')).toBe('true');
    expect(problems).toEqual([]);
    await page.close();
  });
});
