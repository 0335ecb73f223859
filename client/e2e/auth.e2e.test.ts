import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { e2eAdminEmail } from './admin-email';
import { newestSignInMail, uniqueEmail } from './dev-outbox';
import { holdRequests } from './held-requests';
import { signedOutPage } from './page-problems';
import { saveScreenshot } from './screenshot';
import { atCodeStep, currentUser, requestSignInMail, signInWithCode, toastTitled } from './sign-in-flow';
import { closeWelcomeTutorial } from './tutorial-flags';
import type { MeAnswer } from './sign-in-flow';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** Opens the account popover and checks it against GET /api/auth/me; returns the user. */
async function checkAccountPopover(page: Page, origin: string, screenshot: string): Promise<MeAnswer> {
  const me = await currentUser(page, origin);
  await page.getByRole('button', { name: 'ACCOUNT' }).click();
  const popover = page.getByRole('dialog', { name: 'Account' });
  await popover.getByText(me.email, { exact: true }).waitFor();
  expect(await popover.getByText(`ID: ${me.id}`, { exact: true }).isVisible()).toBe(true);
  // No subscription exists yet, so the free-tier entries show.
  expect(await popover.getByRole('button', { name: 'Upgrade to Pro' }).isVisible()).toBe(true);
  expect(await popover.getByRole('link', { name: 'Usage & Credits' }).getAttribute('href')).toBe('/usage');
  expect(await popover.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  expect(await popover.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms-of-use');
  // docs/decisions/0002-admin-button.md: user id 1 or an admin the server names.
  const admin = popover.getByRole('link', { name: 'Admin Dashboard' });
  expect(await admin.count()).toBe(me.id === 1 || me.isAdmin === true ? 1 : 0);
  await saveScreenshot(page, screenshot);
  return me;
}

/** Log Out from the popover: POST /api/auth/logout with {}, toast, /login, and the session is gone. */
async function logOutFromPopover(page: Page, origin: string, screenshot: string): Promise<void> {
  const logoutCall = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/logout');
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
  const request = await logoutCall;
  expect(request.method()).toBe('POST');
  expect(request.postData()).toBe('{}');
  expect(request.headers()['content-type']).toBe('application/json');
  await page.waitForURL(`${origin}/login`);
  expect(await toastTitled(page, 'Logged out')).toEqual({ description: "You've been successfully logged out.", variant: 'default' });
  await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
  await saveScreenshot(page, screenshot);
  expect((await page.request.get(`${origin}/api/auth/me`)).status()).toBe(401);

  // The guard now sends the visitor away from the protected screens.
  await page.goto(`${origin}/library`);
  await page.waitForURL(`${origin}/landing`);
}

describe('sign-in and accounts', () => {
  it('signs a new user up with the e-mailed code, shows the account menu, and logs out to /login', async () => {
    const { page, problems } = await signedOutPage(browser);
    const email = uniqueEmail('code');
    await page.goto(`${baseUrl}/login`);

    // Two modes, one request: only the caption differs.
    await page.getByText('Sign in to access your music library', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Login', pressed: true }).count()).toBe(1);
    await saveScreenshot(page, 'auth-login');
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await page.getByText('Create your account to start jamming', { exact: true }).waitFor();
    expect(await page.getByText('Sign in to access your music library').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create New Account', pressed: true }).count()).toBe(1);
    await saveScreenshot(page, 'auth-signup');

    // The e-mail is checked before anything is sent.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
    await saveScreenshot(page, 'auth-signup-invalid-email');

    const requestCall = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/request-magic-link');
    const mail = await requestSignInMail(page, baseUrl, email);
    expect(JSON.parse((await requestCall).postData() ?? '')).toEqual({ email });
    expect(await toastTitled(page, 'Check your email')).toEqual({
      description: "We've sent you a magic link and code to sign in.",
      variant: 'default',
    });
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(
      await page.getByText('Click the link in the email to sign in, or enter the 6-digit code below.', { exact: true }).isVisible(),
    ).toBe(true);
    expect(await page.getByText('The code will expire in 15 minutes.', { exact: true }).isVisible()).toBe(true);
    const codeField = page.getByPlaceholder('000000');
    expect(await codeField.getAttribute('maxlength')).toBe('6');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);
    await saveScreenshot(page, 'auth-check-email');

    // The code is checked before it is sent.
    await codeField.fill('123');
    await page.getByRole('button', { name: 'Sign In with Code' }).click();
    await page.getByText('Code must be 6 digits', { exact: true }).waitFor();
    await codeField.fill('12a456');
    await page.getByRole('button', { name: 'Sign In with Code' }).click();
    await page.getByText('Code must contain only numbers', { exact: true }).waitFor();
    await saveScreenshot(page, 'auth-code-invalid');

    const verifyCall = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/verify-code');
    await codeField.fill(mail.code);
    await page.getByRole('button', { name: 'Sign In with Code' }).click();
    expect(JSON.parse((await verifyCall).postData() ?? '')).toEqual({ email, code: mail.code });

    // A successful code goes to /, which is the library.
    await page.waitForURL(`${baseUrl}/library`);
    expect(await toastTitled(page, 'Success')).toEqual({ description: "You've been signed in!", variant: 'default' });
    expect(await page.getByRole('link', { name: 'SONGS' }).getAttribute('href')).toBe('/library');
    expect(await page.getByTestId('header-song-title').textContent()).toBe('Woodshed');
    await page.getByRole('heading', { name: 'SONG LIBRARY' }).waitFor();
    // A new user is welcomed on the library (spec 000, 4); closed, it stays away for the session.
    await closeWelcomeTutorial(page);
    await saveScreenshot(page, 'auth-library-signed-in');

    const me = await checkAccountPopover(page, baseUrl, 'auth-account-popover');
    expect(me.email).toBe(email);

    // The popover closes on navigation.
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Usage & Credits' }).click();
    await page.waitForURL(`${baseUrl}/usage`);
    // The URL changes before React renders the new location; the popover must then go (or time out).
    await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'detached', timeout: 5_000 });
    await page.goto(`${baseUrl}/library`);
    await page.getByRole('button', { name: 'ACCOUNT' }).click();

    await logOutFromPopover(page, baseUrl, 'auth-logged-out');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('signs a user in with the link from the e-mail, and a used link fails', async () => {
    const { page, problems, email, mail } = await atCodeStep(browser, baseUrl, 'link');
    const link = new URL(mail.link);
    expect(link.pathname).toBe('/auth/verify');
    expect(mail.text).toContain(mail.link);

    // The link is opened as the e-mail has it; its origin is the app's public URL, which may name
    // the same server differently from baseUrl (localhost rather than 127.0.0.1).
    const origin = link.origin;

    // Hold the call until the 'Verifying...' state has been seen (the server still answers it).
    const verifying = await holdRequests(page, (url) => url.pathname === '/api/auth/verify');
    await page.goto(mail.link);
    await page.getByRole('heading', { name: 'Verifying...' }).waitFor();
    await saveScreenshot(page, 'auth-verifying');
    verifying.release();
    await page.waitForURL(`${origin}/library`);
    expect(await toastTitled(page, 'Welcome!')).toEqual({ description: `Signed in as ${email}`, variant: 'default' });
    await saveScreenshot(page, 'auth-link-welcome');
    await closeWelcomeTutorial(page);

    const me = await checkAccountPopover(page, origin, 'auth-account-popover-link');
    expect(me.email).toBe(email);
    // Signed up after the code test's user, so this account is not user id 1.
    expect(me.id).toBeGreaterThan(1);
    await logOutFromPopover(page, origin, 'auth-logged-out-link');

    // The link is single use.
    await page.goto(mail.link);
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    expect(await page.getByText('The link may have expired or already been used.', { exact: true }).isVisible()).toBe(true);
    await saveScreenshot(page, 'auth-verify-failed');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await page.waitForURL(`${origin}/login`);

    // Without a token there is nothing to verify.
    await page.goto(`${origin}/auth/verify`);
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    expect(await page.getByText('No verification token found', { exact: true }).isVisible()).toBe(true);
    await saveScreenshot(page, 'auth-verify-no-token');

    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the server's message in an 'Error' toast for a wrong code, and stays on the code step", async () => {
    const { page, problems, email, mail } = await atCodeStep(browser, baseUrl, 'wrong');
    const wrongCode = mail.code === '000000' ? '111111' : '000000';

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/verify-code');
    await page.getByPlaceholder('000000').fill(wrongCode);
    await page.getByRole('button', { name: 'Sign In with Code' }).click();
    const response = await answer;
    expect(response.status()).toBe(400);
    const serverMessage = ((await response.json()) as { error: { message: string } }).error.message;
    expect(serverMessage).not.toBe('');

    expect(await toastTitled(page, 'Error')).toEqual({ description: serverMessage, variant: 'destructive' });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'auth-wrong-code');

    // '← Send Another Link' returns to the e-mail step, the address kept.
    await page.getByRole('button', { name: '← Send Another Link' }).click();
    await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    // The right code still works afterwards, once a new one is sent (the old one was replaced).
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    const second = await newestSignInMail(baseUrl, email, mail.id);
    await page.getByPlaceholder('000000').fill(second.code);
    await page.getByRole('button', { name: 'Sign In with Code' }).click();
    await page.waitForURL(`${baseUrl}/library`);

    expect(problems).toEqual([]);
    await page.close();
  });

  it("reports 'Session could not be established' when the current user never shows up after 10 tries, 300 ms apart", async () => {
    const { page, problems, mail } = await atCodeStep(browser, baseUrl, 'nosession');

    // The code is right and the server starts a session, but the current-user call keeps saying 401.
    const meCalls: number[] = [];
    const isMeCall = (url: URL) => url.pathname === '/api/auth/me';
    await page.route(isMeCall, async (route) => {
      meCalls.push(Date.now());
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unauthenticated', message: 'Please sign in.' } }),
      });
    });
    await page.getByPlaceholder('000000').fill(mail.code);
    await page.getByRole('button', { name: 'Sign In with Code' }).click();

    expect(await toastTitled(page, 'Error')).toEqual({
      description: 'Session could not be established. Please try again.',
      variant: 'destructive',
    });
    expect(meCalls).toHaveLength(10);
    // Nine pauses of 300 ms between the ten calls (a little slack for the timer's granularity).
    expect(Math.max(...meCalls) - Math.min(...meCalls)).toBeGreaterThanOrEqual(9 * 300 - 50);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'auth-session-not-established');
    await page.unroute(isMeCall);

    expect(problems).toEqual([]);
    await page.close();
  });

  it("offers 'Admin Dashboard' to an admin (ADMIN_EMAILS), which opens /admin/overview", async () => {
    const { page, problems } = await signedOutPage(browser);
    await signInWithCode(page, baseUrl, e2eAdminEmail);

    const me = await checkAccountPopover(page, baseUrl, 'auth-account-popover-admin');
    expect(me.isAdmin).toBe(true);
    const admin = page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Admin Dashboard' });
    expect(await admin.getAttribute('href')).toBe('/admin/overview');
    await admin.click();
    await page.waitForURL(`${baseUrl}/admin/overview`);
    await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    expect(problems).toEqual([]);
    await page.close();
  });
});
