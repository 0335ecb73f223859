import type { Page } from 'playwright-core';

/**
 * Collects what should never happen on a healthy page: uncaught exceptions and console errors
 * (a Content-Security-Policy violation shows up there). Failed HTTP answers the app expects, such
 * as a 401 from the current-user call, are reported by Chromium as "Failed to load resource" and
 * are left to the tests that care about them.
 */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console.error: ${message.text()}`);
  });
  return problems;
}
