import type { Locator, Page } from 'playwright-core';

/** The library table's row of the song titled `title` (exactly). */
export function libraryRow(page: Page, title: string): Locator {
  return page.getByTestId('library-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
}
