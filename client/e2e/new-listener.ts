import type { Page } from 'playwright-core';
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

/** Opens song `songId` in the player and answers the 'Song loaded successfully' toast once it shows. */
export async function openSong(page: Page, baseUrl: string, songId: number | undefined): Promise<{ description: string; variant: string | null }> {
  await page.goto(`${baseUrl}/player?songId=${songId}`);
  return toastTitled(page, 'Song loaded successfully');
}
