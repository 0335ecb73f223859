import type { Page } from 'playwright-core';
import type { TestBrowser } from './browser';
import { newestSignInMail, uniqueEmail } from './dev-outbox';
import type { SignInMail } from './dev-outbox';
import { signedOutPage } from './page-problems';
import { toastsSeen } from './toast-log';
import { dismissAllTutorials } from './tutorial-flags';

/** The current user as GET /api/auth/me answers, read with the page's cookies. */
export interface MeAnswer {
  id: number;
  email: string;
  isAdmin?: boolean;
}

/** On /login: asks for a link and code for `email` and waits for the 'Check Your Email' step and the e-mail. */
export async function requestSignInMail(page: Page, baseUrl: string, email: string): Promise<SignInMail> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
  return newestSignInMail(baseUrl, email);
}

/**
 * Signs `email` up (or in) with the e-mailed code through the login page's API and the browser's cookies (the page itself
 * is auth.e2e.test.ts's), dismisses the tutorials unless `tutorials: 'shown'`, and opens /library.
 */
export async function signInWithCode(page: Page, baseUrl: string, email: string, options: { tutorials?: 'shown' | 'dismissed' } = {}): Promise<MeAnswer> {
  // As a visitor: an earlier test's user in this browser context is signed out.
  await page.context().clearCookies();
  const requested = await page.request.post(`${baseUrl}/api/auth/request-magic-link`, { data: { email } });
  if (!requested.ok()) throw new Error(`POST /api/auth/request-magic-link answered ${requested.status()}: ${await requested.text()}`);
  // The request queues the e-mail before it answers: the newest one to this address is this one.
  const mail = await newestSignInMail(baseUrl, email);
  const verified = await page.request.post(`${baseUrl}/api/auth/verify-code`, { data: { email, code: mail.code } });
  if (!verified.ok()) throw new Error(`POST /api/auth/verify-code answered ${verified.status()}: ${await verified.text()}`);
  if (options.tutorials !== 'shown') await dismissAllTutorials(page, baseUrl);
  await page.goto(`${baseUrl}/library`);
  await page.waitForURL(`${baseUrl}/library`);
  return currentUser(page, baseUrl);
}

export async function currentUser(page: Page, baseUrl: string): Promise<MeAnswer> {
  const response = await page.request.get(`${baseUrl}/api/auth/me`);
  if (!response.ok()) throw new Error(`GET /api/auth/me answered ${response.status()}`);
  return (await response.json()) as MeAnswer;
}

/**
 * Waits for the toast titled `title` (not an older one still fading) and returns its text and
 * variant. A toast lives 5 s, but the next one replaces it at once: on a loaded machine one can come
 * and go between two looks. So the page's record of the toasts it drew (toast-log.ts) is read first,
 * from the first toast no earlier call took, and the toast on screen after it. A miss names the
 * toasts the page did draw.
 */
export async function toastTitled(page: Page, title: string, options: { timeoutMs?: number } = {}): Promise<{ description: string; variant: string | null }> {
  try {
    const found = await page.waitForFunction(
      (wanted) => {
        const seen = window.__toastsSeen ?? [];
        const from = window.__toastsTaken ?? 0;
        const index = seen.findIndex((toast, at) => at >= from && toast.title.trim() === wanted);
        if (index >= 0) {
          window.__toastsTaken = index + 1;
          return { description: seen[index]!.description, variant: seen[index]!.variant };
        }
        // A toast whose text changed in place is on screen, not in the record.
        const toast = document.querySelector('[data-testid="toast"]');
        const texts = toast?.querySelectorAll('p');
        if (!toast || texts?.[0]?.textContent?.trim() !== wanted) return null;
        window.__toastsTaken = seen.length;
        return { description: (texts[1] as HTMLElement | undefined)?.innerText ?? '', variant: toast.getAttribute('data-variant') };
      },
      title,
      { polling: 50, ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }) },
    );
    return (await found.jsonValue())!;
  } catch (error) {
    const seen = (await toastsSeen(page)).map((toast) => `"${toast.title}" at ${toast.at} ms`);
    throw new Error(`no toast "${title}" in time; this page drew ${seen.length ? seen.join(', ') : 'none'}`, { cause: error });
  }
}

/** A fresh signed-out page on the login code step for a new address (`label` names it): where the login tests start. */
export async function atCodeStep(browser: TestBrowser, baseUrl: string, label: string): Promise<{ page: Page; problems: string[]; email: string; mail: SignInMail }> {
  const { page, problems } = await signedOutPage(browser);
  const email = uniqueEmail(label);
  await page.goto(`${baseUrl}/login`);
  const mail = await requestSignInMail(page, baseUrl, email);
  return { page, problems, email, mail };
}
