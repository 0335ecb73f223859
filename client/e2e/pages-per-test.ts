import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';
import type { TestBrowser } from './browser';

/**
 * Pages of `browser` that close after each test, pass or fail, with the browser back online: a page
 * left open by a failed test would keep its user's local database (and the replication's
 * leadership) open for the next test. Call it at the top level of the file; the answer makes a page.
 */
export function pagesPerTest(browser: TestBrowser, options: { timeoutMs?: number } = {}): () => Promise<Page> {
  const open: Page[] = [];
  afterEach(async () => {
    await browser.context.setOffline(false);
    await Promise.all(open.splice(0).map((page) => page.close()));
  });
  return async () => {
    const page = await browser.newPage();
    if (options.timeoutMs !== undefined) page.setDefaultTimeout(options.timeoutMs);
    open.push(page);
    return page;
  };
}
