import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { uniqueEmail } from './dev-outbox';
import { scanFixtureLibrary } from './scan-fixture-library';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';
import { fixtureSongs } from './song-fixtures';

const baseUrl = inject('baseUrl');
// The reload offline is answered by the app's service worker (decision 0026), as for a user.
const browser = browserPerFile({ serviceWorkers: 'allow' });

const [parade, hum] = fixtureSongs as [typeof fixtureSongs[0], typeof fixtureSongs[1]];

/** GET /api/usage/stats's byte count, once it has stopped moving (the projection follows the log). */
async function settledBytesStreamed(page: Page, expected?: number): Promise<number> {
  const read = async () => ((await (await page.request.get(`${baseUrl}/api/usage/stats`)).json()) as { totalBytesStreamed: number }).totalBytesStreamed;
  const deadline = Date.now() + 15_000;
  let last = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 750));
    const now = await read();
    if (now === last && (expected === undefined || now === expected)) return now;
    if (Date.now() > deadline) return now;
    last = now;
  }
}

/** The stem GETs (the metered stream) and HEADs the browser sends from now on. */
function watchStemRequests(page: Page): { gets: string[]; heads: string[] } {
  const seen = { gets: [] as string[], heads: [] as string[] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/stems/stream/')) return;
    if (request.method() === 'GET') seen.gets.push(pathname);
    if (request.method() === 'HEAD') seen.heads.push(pathname);
  });
  return seen;
}

async function openPlayer(page: Page, songId: number): Promise<void> {
  await page.goto(`${baseUrl}/player?songId=${songId}`);
  await page.getByRole('heading', { level: 1, name: parade.title }).waitFor();
  try {
    expect(await toastTitled(page, 'Song loaded successfully')).toEqual({ description: 'Loaded 4 tracks for the song', variant: 'default' });
  } catch (error) {
    await saveScreenshot(page, 'offline-songs-failure');
    throw error;
  }
}

describe('offline songs (decision 0033)', () => {
  it('keeps the stems of an opened song per user: the next open streams nothing, it plays offline, and the storage screen shows and clears it', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    const firstEmail = uniqueEmail('offline-songs');
    await signInWithCode(page, baseUrl, firstEmail);
    const songIds = await scanFixtureLibrary(page, baseUrl);
    const songId = songIds.get(parade.title)!;
    const humId = songIds.get(hum.title)!;
    await page.goto(`${baseUrl}/library`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    const stemBytes = await Promise.all(
      parade.stems.map(async (stem) => Number((await page.request.head(`${baseUrl}/api/stems/stream/${songId}/${stem.name}.wav`, { headers: { 'X-Woodshed-Player': '1' } })).headers()['content-length'])),
    );
    const songBytes = stemBytes.reduce((sum, bytes) => sum + bytes, 0);
    const before = await settledBytesStreamed(page);

    // First open: every stem streamed once (billed), and kept.
    const first = watchStemRequests(page);
    await openPlayer(page, songId);
    expect(first.gets).toHaveLength(4);
    expect(await settledBytesStreamed(page, before + songBytes)).toBe(before + songBytes);

    // Second open, online: the HEADs (never billed) check access and the ETag; no stem is streamed.
    const second = watchStemRequests(page);
    await page.goto(`${baseUrl}/library`);
    await openPlayer(page, songId);
    expect(second.heads).toHaveLength(4);
    expect(second.gets).toEqual([]);
    expect(await settledBytesStreamed(page)).toBe(before + songBytes);

    // A second account in this browser sees none of it, and streams its own copy.
    await signInWithCode(page, baseUrl, uniqueEmail('offline-songs-other'));
    await page.goto(`${baseUrl}/offline-songs`);
    await page.getByText('No songs kept yet.', { exact: false }).waitFor();
    const other = watchStemRequests(page);
    await openPlayer(page, songId);
    expect(other.gets).toHaveLength(4);

    // Back to the first account, which also opens a second song; then offline, the app shell comes
    // from the service worker and the song from this browser's storage.
    await signInWithCode(page, baseUrl, firstEmail);
    const back = watchStemRequests(page);
    await openPlayer(page, songId);
    expect(back.gets).toEqual([]);
    await page.goto(`${baseUrl}/player?songId=${humId}`);
    await page.getByRole('heading', { level: 1, name: hum.title }).waitFor();
    await toastTitled(page, 'Song loaded successfully');
    await page.goto(`${baseUrl}/library`);
    // The local library must have synced the song before the network goes: offline, the header
    // takes its title from there (on a loaded machine the pull can trail the page by seconds).
    await page.getByText(parade.title, { exact: true }).first().waitFor();
    // The library marks the songs kept on this device.
    for (const title of [parade.title, hum.title]) {
      await page.getByTestId('library-row').filter({ hasText: title }).getByRole('img', { name: 'On this device' }).waitFor();
    }
    await browser.context.setOffline(true);
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Offline: showing what this device has saved.' }).waitFor();
    await openPlayer(page, songId);
    // The app header names the song offline too: GET /api/songs/{id} failed, the local library has it.
    await page.getByTestId('header-song-title').filter({ hasText: parade.title }).waitFor();
    expect(await page.getByTestId('header-song-title').textContent()).toBe(parade.title);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
    // The song plays from this device: its clock moves.
    await page.getByText(/^0:0[1-6] \/ 0:06$/).first().waitFor();
    await saveScreenshot(page, 'offline-songs-player');

    await page.goto(`${baseUrl}/offline-songs`);
    const row = page.getByTestId('kept-song');
    await row.filter({ hasText: parade.title }).waitFor();
    // Most recently opened first: Sine Parade, just opened offline, then Quiet Hum.
    expect(await row.evaluateAll((rows) => rows.map((element) => element.querySelector('td')?.textContent))).toEqual([parade.title, hum.title]);
    const paradeRow = row.filter({ hasText: parade.title });
    expect(await paradeRow.locator('td').nth(1).innerText()).toBe('4');
    const keptBytes = await page.evaluate(async (id) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('woodshed-kept-stems');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const rows = await new Promise<{ userId: number; songId: number; bytes: number }[]>((resolve, reject) => {
        const request = db.transaction('songs').objectStore('songs').getAll();
        request.onsuccess = () => resolve(request.result as { userId: number; songId: number; bytes: number }[]);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return rows.filter((song) => song.songId === id).map((song) => song.bytes);
    }, songId);
    // Kept once for each of the two accounts, each the whole song's bytes.
    expect(keptBytes).toEqual([songBytes, songBytes]);
    expect(await page.getByRole('meter', { name: 'Site storage used' }).isVisible()).toBe(true);
    console.log(`offline songs: ${parade.title} keeps ${songBytes} bytes in ${parade.stems.length} stems; the screen reads ${await page.getByTestId('kept-bytes').innerText()}`);
    await saveScreenshot(page, 'offline-songs-screen');

    await page.getByRole('button', { name: `Remove ${parade.title}` }).click();
    await paradeRow.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    // Removed: offline, that song no longer opens, and the player says why.
    await page.goto(`${baseUrl}/player?songId=${songId}`);
    await page.getByText('This song is not on this device. Open it once while online to keep it for offline practice.').first().waitFor();
    await page.goto(`${baseUrl}/library`);
    await page.getByTestId('library-row').filter({ hasText: parade.title }).waitFor();
    expect(await page.getByTestId('library-row').filter({ hasText: parade.title }).getByRole('img', { name: 'On this device' }).count()).toBe(0);
    await page.goto(`${baseUrl}/offline-songs`);
    await row.first().waitFor();
    await page.getByRole('button', { name: 'Remove All' }).click();
    await page.getByText('No songs kept yet.', { exact: false }).waitFor();
    expect(await row.count()).toBe(0);
    await browser.context.setOffline(false);
    await page.close();
  }, 300_000);
});
