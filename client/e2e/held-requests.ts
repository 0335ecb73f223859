import type { Page } from 'playwright-core';

/**
 * Holds the page's requests that `matches` until release(), then lets them through to the server
 * (and every later one at once): a pending state ('Verifying...', 'Submitting...') stays on screen
 * exactly as long as the test needs to see it, however fast or slow the machine.
 */
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
