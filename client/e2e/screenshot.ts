import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './repo-root';

/** Where browser tests leave their screenshots (gitignored). */
export const screenshotDir = path.join(repoRoot, 'test-results', 'screenshots');

/** Saves a full-window screenshot as test-results/screenshots/{name}.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
