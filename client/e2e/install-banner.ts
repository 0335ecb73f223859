import type { Page } from 'playwright-core';

/**
 * Counts the install banner (spec 001) as dismissed just now on `page`: it comes 10 s after the
 * browser's install event and covers the mixer's lower buttons, and on a loaded machine a song's
 * load takes longer than that. The banner itself is install-prompt.e2e.test.ts's matter.
 */
export async function keepInstallBannerAway(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('woodshed:install-prompt-dismissed-at', String(Date.now())));
}
