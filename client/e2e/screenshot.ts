import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './repo-root';

/** Where browser tests leave their screenshots (gitignored). */
export const screenshotDir = path.join(repoRoot, 'test-results', 'screenshots');

/**
 * Screenshots are for a person to look at, and assert nothing. On a developer's machine every
 * browser test leaves them; in CI, whose clone is thrown away with them, only when asked
 * (`E2E_SCREENSHOTS=1`): encoding them was a tenth of Chromium's CPU time there
 * (docs/decisions/0088-screenshots-where-someone-looks.md).
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1' || (process.env.E2E_SCREENSHOTS !== '0' && !process.env.CI);

/** Saves a screenshot of the window (or of the whole page) as test-results/screenshots/{name}.png, when wanted. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsWanted) return;
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: options.fullPage ?? false });
}
