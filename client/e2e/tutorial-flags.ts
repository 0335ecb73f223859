import type { Page } from 'playwright-core';

/** Every tutorial of spec 000 section 4, as the current-user call names its flag. */
export const tutorialFlags = [
  'tutorialWelcomeDismissed',
  'tutorialChoiceDismissed',
  'tutorialListenDismissed',
  'tutorialKaraokeDismissed',
  'tutorialDrumsDismissed',
  'tutorialBassDismissed',
  'tutorialGuitarDismissed',
  'tutorialKeyboardDismissed',
] as const;

/** Dismisses every tutorial of the signed-in user for good through the API, so the modal welcome and choice dialogs stay out of the way. */
export async function dismissAllTutorials(page: Page, baseUrl: string): Promise<void> {
  for (const flag of tutorialFlags) {
    const response = await page.request.patch(`${baseUrl}/api/user/tutorial-dismissal`, { data: { [flag]: true } });
    if (!response.ok()) throw new Error(`PATCH /api/user/tutorial-dismissal ${flag} answered ${response.status()}`);
  }
}

/** A new user's welcome dialog on the library: waits for it and closes it with its button (for this session only). */
export async function closeWelcomeTutorial(page: Page): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Welcome to Woodshed' });
  await welcome.getByRole('button', { name: 'Let’s play' }).click();
  await welcome.waitFor({ state: 'detached' });
}
