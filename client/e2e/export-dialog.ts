import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './screenshot';

/** Chooses `format` in the open dialog, exports, and answers the downloaded file, its name and the time the dialog reports. */
export async function exportAs(page: Page, formatLabel: string, screenshot?: string): Promise<{ name: string; bytes: Buffer; seconds: number }> {
  const dialog = page.getByRole('dialog', { name: 'Export Mix' });
  await dialog.getByRole('radio', { name: formatLabel }).check();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: /^Export( Again)?$/ }).click();
  if (screenshot) {
    // The bar part way, or the export already done: at 1x the render is a plain sum of the stems
    // (decision 0032, "Export in workers") and a 6 s song can render and encode between two polls.
    await page.waitForFunction(
      () => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > 0 || document.querySelector('[data-testid="export-dialog"]')?.getAttribute('data-phase') === 'done',
    );
    await saveScreenshot(page, screenshot);
  }
  const download = await downloading.catch(async (error: unknown) => {
    await saveScreenshot(page, 'export-dialog-failure');
    throw new Error(`no download; the dialog says: ${await dialog.innerText()}`, { cause: error });
  });
  const status = await dialog.getByRole('status').innerText();
  const seconds = Number(/in ([\d.]+) s\./.exec(status)?.[1]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!), seconds };
}

