import type { Page } from 'playwright-core';

/** Holds the page's requests that `matches` until release() (later ones then pass at once), so a pending state stays
 * on screen exactly as long as the test needs, however fast the machine. */
export async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<{ release(): void }> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  // The route stays: taking it away while a held request waits would answer that request twice.
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => open() };
}
