import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { newestSignInMail, uniqueEmail } from './dev-outbox';
import { signedOutPage } from './page-problems';
import { atCodeStep, requestSignInMail, signInWithCode } from './sign-in-flow';

/** Sign-in polish (decision 0031): what a new user trying the sign-in screens ran into. */

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** WCAG 2 contrast ratio of two 'rgb(r, g, b)' colours as getComputedStyle writes them. */
function contrastRatio(a: string, b: string): number {
  const luminance = (colour: string) => {
    const channels = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    if (channels.length !== 3) throw new Error(`not an rgb colour: ${colour}`);
    const [r, g, bl] = channels.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Submits `code` on the code step and waits for the server's answer; returns its status. */
async function submitCode(page: Page, code: string): Promise<number> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/verify-code');
  await page.getByPlaceholder('000000').fill(code);
  await page.getByRole('button', { name: 'Sign In with Code' }).click();
  return (await answer).status();
}

/** The text under the code field. */
async function codeFieldMessage(page: Page): Promise<string> {
  const message = page.locator('#login-code-error');
  await message.waitFor();
  return message.innerText();
}

describe('sign-in polish', () => {
  it('tells a wrong code from an expired one, and the expired one offers a new code to the same address', async () => {
    const { page, problems } = await signedOutPage(browser);
    // The page's clock runs on naturally; setSystemTime moves it past the code's 15 minutes.
    await page.clock.install();
    const email = uniqueEmail('expired');
    await page.goto(`${baseUrl}/login`);
    const mail = await requestSignInMail(page, baseUrl, email);
    const wrongCode = mail.code === '000000' ? '111111' : '000000';

    expect(await submitCode(page, wrongCode)).toBe(400);
    expect(await codeFieldMessage(page)).toBe('Invalid code. Please try again.');
    expect(await page.getByRole('button', { name: 'Send a new code' }).count()).toBe(0);

    const pageNow = await page.evaluate(() => Date.now());
    await page.clock.setSystemTime(pageNow + 15 * 60_000 + 1_000);
    expect(await submitCode(page, wrongCode)).toBe(400);
    const expired = 'This code has expired. Send a new code to the same address to sign in.';
    await page.locator('#login-code-error').filter({ hasText: expired }).waitFor();
    expect(await codeFieldMessage(page)).toBe(expired);

    const resend = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/request-magic-link');
    await page.getByRole('button', { name: 'Send a new code' }).click();
    expect((await resend).postDataJSON()).toEqual({ email });
    const second = await newestSignInMail(baseUrl, email, mail.id);
    // The step starts afresh for the new code: same address, empty field, no message.
    await page.getByRole('button', { name: 'Send a new code' }).waitFor({ state: 'detached' });
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByPlaceholder('000000').inputValue()).toBe('');
    expect(await page.locator('#login-code-error').count()).toBe(0);
    expect(await submitCode(page, second.code)).toBe(200);
    await page.waitForURL(`${baseUrl}/library`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('disables the code field with the limit message once the server stops taking codes', async () => {
    const { page, problems, email, mail } = await atCodeStep(browser, baseUrl, 'attempts');
    const wrongCode = mail.code === '000000' ? '111111' : '000000';
    // Five wrong codes kill the code (api/features/auth/auth-limits.ts): the first four say 'wrong'.
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await submitCode(page, wrongCode), `attempt ${attempt}`).toBe(400);
      expect(await codeFieldMessage(page)).toBe('Invalid code. Please try again.');
    }
    // The fifth is answered with the limit itself (429), and the field is shut with the server's message.
    expect(await submitCode(page, wrongCode)).toBe(429);
    const limit = 'Too many wrong codes. Please request a new code.';
    await page.locator('#login-code-error').filter({ hasText: limit }).waitFor();
    expect(await codeFieldMessage(page)).toBe(limit);
    expect(await page.getByPlaceholder('000000').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign In with Code' }).isDisabled()).toBe(true);
    // The code is dead for the server too: even the right one is refused with the same limit.
    const rightCode = await page.evaluate(async (body) => {
      const response = await fetch('/api/auth/verify-code', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, message: ((await response.json()) as { error: { message: string } }).error.message };
    }, { email, code: mail.code });
    expect(rightCode).toEqual({ status: 429, message: limit });
    // The way back to a new code stays open.
    expect(await page.getByRole('button', { name: '← Send Another Link' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets a user at the hourly e-mail limit enter the last code they received', async () => {
    const { page, problems } = await signedOutPage(browser);
    const email = uniqueEmail('hourly');
    await page.goto(`${baseUrl}/login`);
    // Five e-mails an hour per address (auth-limits.ts): send them all, keeping the last code.
    let last = 0;
    let lastCode = '';
    for (let sent = 1; sent <= 5; sent++) {
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Magic Link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      const mail = await newestSignInMail(baseUrl, email, last);
      last = mail.id;
      lastCode = mail.code;
      await page.getByRole('button', { name: '← Send Another Link' }).click();
    }
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/request-magic-link');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    const answer = await refused;
    expect(answer.status()).toBe(429);
    const serverMessage = ((await answer.json()) as { error: { message: string } }).error.message;
    // Under the form (the toast says it too): the server's message and the way on to the code step.
    const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Enter a code I already have' }) });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(serverMessage);

    await alert.getByRole('button', { name: 'Enter a code I already have' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await submitCode(page, lastCode)).toBe(200);
    await page.waitForURL(`${baseUrl}/library`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws placeholders at 4.5:1 and control borders at 3:1 or more against the field (WCAG AA)', async () => {
    const { page, problems } = await signedOutPage(browser);
    await page.goto(`${baseUrl}/login`);
    const field = page.getByLabel('Email');
    await field.waitFor();
    const colours = await field.evaluate((input) => {
      const style = getComputedStyle(input);
      return {
        text: style.color,
        placeholder: getComputedStyle(input, '::placeholder').color,
        border: style.borderTopColor,
        background: style.backgroundColor,
      };
    });
    // The pseudo-element really was read (it is not the typed text's colour).
    expect(colours.placeholder).not.toBe(colours.text);
    expect(contrastRatio(colours.placeholder, colours.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colours.border, colours.background)).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows 'Sending...' on a disabled, aria-busy button while the request is in flight", async () => {
    const { page, problems } = await signedOutPage(browser);
    // Hold the request until the busy state has been read, then let it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/request-magic-link', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(uniqueEmail('busy'));
    await page.getByRole('button', { name: 'Send Magic Link' }).click();

    const busy = page.getByRole('button', { name: 'Sending...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await busy.getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('button', { name: 'Send Magic Link' }).count()).toBe(0);

    release();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a signed-in user who opens /login straight to /library', async () => {
    const { page, problems } = await signedOutPage(browser);
    await signInWithCode(page, baseUrl, uniqueEmail('already'));
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/library`);
    await page.getByRole('button', { name: 'ACCOUNT' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send Magic Link' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("links to 'Email Preferences' from the account popover, next to 'Practice Log'", async () => {
    const { page, problems } = await signedOutPage(browser);
    await signInWithCode(page, baseUrl, uniqueEmail('prefs-link'));
    await page.getByRole('button', { name: 'ACCOUNT' }).click();
    const popover = page.getByRole('dialog', { name: 'Account' });
    const link = popover.getByRole('link', { name: 'Email Preferences' });
    expect(await link.getAttribute('href')).toBe('/email-preferences');
    expect(await popover.getByRole('link', { name: 'Practice Log' }).getAttribute('href')).toBe('/practice');
    await link.click();
    await page.waitForURL(`${baseUrl}/email-preferences`);
    await page.getByRole('heading', { name: 'Email Preferences' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
