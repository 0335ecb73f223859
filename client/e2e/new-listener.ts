import type { ConsoleMessage, Page } from 'playwright-core';
import { uniqueEmail } from './dev-outbox';
import { scanFixtureLibrary } from './scan-fixture-library';
import { signInWithCode, toastTitled } from './sign-in-flow';

/**
 * Signs a new user in on `page` (`label` names the address, tutorials dismissed), makes sure the
 * fixture library is scanned and answers its song ids by title: where most player tests start.
 */
export async function signInNewListener(page: Page, baseUrl: string, label: string): Promise<Map<string, number>> {
  await signInWithCode(page, baseUrl, uniqueEmail(label));
  return scanFixtureLibrary(page, baseUrl);
}

/**
 * Opens song `songId` in the player and answers the 'Song loaded successfully' toast once it shows;
 * a load that fails instead throws at once with the page's own reasons, rather than timing out.
 */
export async function openSong(page: Page, baseUrl: string, songId: number | undefined): Promise<{ description: string; variant: string | null }> {
  const reasons: string[] = [];
  const listen = (message: ConsoleMessage) => {
    if (message.type() === 'error') reasons.push(message.text());
  };
  page.on('console', listen);
  try {
    await page.goto(`${baseUrl}/player?songId=${songId}`);
    const outcome = page.getByTestId('toast').filter({ has: page.getByText(/^(Song loaded successfully|Error loading song)$/) });
    await outcome.first().waitFor();
    if ((await outcome.getByText('Error loading song', { exact: true }).count()) > 0) {
      throw new Error(`Song ${songId} did not load: ${reasons.join(' | ') || 'no reason in the console'}`);
    }
    return await toastTitled(page, 'Song loaded successfully');
  } finally {
    page.off('console', listen);
  }
}
