import type { Page } from 'playwright-core';
import type { TestBrowser } from './browser';

/** Collects uncaught exceptions and console errors (CSP violations show there), and with `warnings: true` warnings;
 * expected failed answers ("Failed to load resource", e.g. a 401 from /me) are left to the tests that care. */
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
