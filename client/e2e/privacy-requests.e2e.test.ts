import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { uniqueEmail } from './dev-outbox';
import { holdRequests } from './held-requests';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { toastTitled } from './sign-in-flow';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

describe('privacy requests and the newsletter (public, no session)', () => {
  it('checks the privacy form, submits it, shows the success panel and starts over', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${baseUrl}/privacy/requests`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Request' }).waitFor();

    const options = await page.getByLabel('Request Type').locator('option:not([disabled])').allInnerTexts();
    expect(options).toEqual([
      'Access My Data',
      'Delete My Data',
      'Correct My Data',
      'Data Portability',
      'Restrict Processing',
      'Withdraw Consent',
      'Appeal a Decision',
      'Opt-Out (California)',
    ]);
    await saveScreenshot(page, 'privacy-request-form');

    await page.getByRole('button', { name: 'Submit Privacy Request' }).click();
    for (const message of [
      'Please enter a valid email address',
      'Please select a request type',
      'Please provide at least 10 characters of detail',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await saveScreenshot(page, 'privacy-request-invalid');

    const email = uniqueEmail('privacy');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Request Type').selectOption({ label: 'Opt-Out (California)' });
    await page.getByLabel('Details').fill('Please do not sell or share my personal information.');
    const isPrivacyCall = (url: URL) => url.pathname === '/api/privacy/request';
    // Hold the call until the pending state has been seen (the server still answers it).
    const submitting = await holdRequests(page, isPrivacyCall);
    const call = page.waitForRequest((request) => isPrivacyCall(new URL(request.url())));
    await page.getByRole('button', { name: 'Submit Privacy Request' }).click();
    const pending = page.getByRole('button', { name: 'Submitting...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    await saveScreenshot(page, 'privacy-request-submitting');
    submitting.release();
    const request = await call;
    expect(JSON.parse(request.postData() ?? '')).toEqual({
      email,
      requestType: 'optout',
      description: 'Please do not sell or share my personal information.',
    });
    expect((await request.response())?.status()).toBe(201);

    expect(await toastTitled(page, 'Request Submitted')).toEqual({
      description: 'Your privacy request has been received. We will respond within 45 days.',
      variant: 'default',
    });
    await page.getByRole('heading', { level: 2, name: 'Request Submitted' }).waitFor();
    await saveScreenshot(page, 'privacy-request-submitted');

    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    expect(await page.getByLabel('Details').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('signs an address up for the newsletter from the landing page', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${baseUrl}/landing`);
    const field = page.getByLabel('Email address');

    await field.fill('no-at-sign');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect(await toastTitled(page, 'Invalid Email')).toEqual({ description: 'Please enter a valid email address.', variant: 'destructive' });
    await saveScreenshot(page, 'landing-newsletter-invalid');

    const email = uniqueEmail('newsletter');
    await field.fill(email);
    const call = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/mailing-list/subscribe');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect(JSON.parse((await call).postData() ?? '')).toEqual({ email });
    const { variant } = await toastTitled(page, 'Successfully Subscribed!');
    expect(variant).toBe('default');
    expect(await field.inputValue()).toBe('');
    await saveScreenshot(page, 'landing-newsletter-subscribed');
    expect(problems).toEqual([]);
    await page.close();
  });
});
