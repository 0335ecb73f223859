import type { Page } from 'playwright-core';
import type { TestBrowser } from './browser';

/**
 * Collects what should never happen on a healthy page: uncaught exceptions and console errors
 * (a Content-Security-Policy violation shows up there), and with `warnings: true` console warnings
 * too (an unrecognised Permissions-Policy feature, a library's notice: noise that buries the
 * warnings that matter). Failed HTTP answers the app expects, such as a 401 from the current-user
 * call, are reported by Chromium as "Failed to load resource" and are left to the tests that care
 * about them.
 */
export function watchPageProblems(page: Page, options: { warnings?: boolean } = {}): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && !(options.warnings && type === 'warning')) return;
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console.${type === 'warning' ? 'warn' : 'error'}: ${message.text()}`);
  });
  return problems;
}

/** A page in a fresh cookie jar (so it starts signed out), with its problems watched. */
export async function signedOutPage(browser: TestBrowser): Promise<{ page: Page; problems: string[] }> {
  await browser.context.clearCookies();
  const page = await browser.newPage();
  return { page, problems: watchPageProblems(page) };
}
