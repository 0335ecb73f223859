import type { Page } from 'playwright-core';

// A guard against a scan that never ends, not a budget: the first scan of a run also analyses the
// fixture library's click tracks while every file starts at once.
const SCAN_TIMEOUT_MS = 90_000;

/** POST /api/songs/scan as the signed-in user, polls until complete, and returns song ids by title. */
export async function scanFixtureLibrary(page: Page, baseUrl: string): Promise<Map<string, number>> {
  const started = await page.request.post(`${baseUrl}/api/songs/scan`);
  if (![202, 409].includes(started.status())) throw new Error(`POST /api/songs/scan answered ${started.status()}`);
  const deadline = Date.now() + SCAN_TIMEOUT_MS;
  for (;;) {
    const progress = (await (await page.request.get(`${baseUrl}/api/songs/scan/progress`)).json()) as { isScanning: boolean; stage: string };
    if (!progress.isScanning && progress.stage === 'complete') break;
    if (Date.now() > deadline) throw new Error(`the scan did not complete: ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const songs = (await (await page.request.get(`${baseUrl}/api/songs`)).json()) as { id: number; title: string }[];
  return new Map(songs.map((song) => [song.title, song.id]));
}
