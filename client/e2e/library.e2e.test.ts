import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { uniqueEmail } from './dev-outbox';
import { libraryRow } from './library-row';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';
import { asWrittenTitle, fixtureLibraryTitles, fixtureSongs } from './song-fixtures';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

const [sineParade, quietHum] = fixtureSongs.map((song) => song.title) as [string, string];
const allSongs = `ALL SONGS (${fixtureLibraryTitles.length})`;

/** Titles by BPM (the scan measures Late Click's and Click Track's, so they may tie with others): unknown last, ties A to Z, as the library sorts. */
function byBpm(songs: readonly { title: string; bpm: number | null }[], direction: 'asc' | 'desc'): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  const bpmOrder = (a: number | null, b: number | null) => (a === null || b === null ? Number(a === null) - Number(b === null) : sign * (a - b));
  const titleOrder = (a: string, b: string) => fixtureLibraryTitles.indexOf(asWrittenTitle(a)) - fixtureLibraryTitles.indexOf(asWrittenTitle(b));
  return [...songs].sort((a, b) => bpmOrder(a.bpm, b.bpm) || titleOrder(a.title, b.title)).map((song) => asWrittenTitle(song.title));
}

/** The titles of the table's rows, top to bottom, {@link asWrittenTitle} (Editable Parade sorts where it did under its edited title). */
async function rowTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId('library-row').locator('td:nth-child(2)').allInnerTexts()).map(asWrittenTitle);
}

describe('song library', () => {
  it('scans the songs directory, then searches, filters, sorts, stars and loads a song', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await signInWithCode(page, baseUrl, uniqueEmail('library'));
    await page.getByRole('heading', { level: 1, name: 'SONG LIBRARY' }).waitFor();
    expect(await page.getByPlaceholder('Search songs...').isVisible()).toBe(true);

    // Scan: started once, progress polled, then the list is read again and the toast says so. Other
    // files scan the shared app's library too: a 409 says one is running, and the screen follows it.
    const scanCall = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/songs/scan' && request.method() === 'POST');
    const progressCall = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/songs/scan/progress');
    await page.getByRole('button', { name: 'Scan Library' }).click();
    expect([202, 409]).toContain((await (await scanCall).response())?.status());
    await progressCall;
    const updated = await toastTitled(page, 'Library Updated');
    expect(updated.variant).toBe('default');
    await libraryRow(page, sineParade).waitFor();

    // A new user has no stars: ALL SONGS is the view, sorted by title.
    expect(await page.getByRole('button', { name: allSongs }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'STARRED (0)' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('library-count').innerText()).toBe(`${fixtureLibraryTitles.length} songs`);
    expect(await rowTitles(page)).toEqual(fixtureLibraryTitles);
    const sineCells = await libraryRow(page, sineParade).locator('td').allInnerTexts();
    expect(sineCells.slice(1, 6)).toEqual([sineParade, 'Rock', '120 BPM', '3/10', '0:06']);
    // Plays are shared by every user, and other browser tests may have played this song.
    expect(sineCells[6]).toMatch(/^\d+$/);

    // Search (case-insensitive), no match, then the genre filter.
    const search = page.getByPlaceholder('Search songs...');
    await search.fill('QUIET');
    expect(await rowTitles(page)).toEqual([quietHum]);
    expect(await page.getByTestId('library-count').innerText()).toBe('1 song');
    await search.fill('no such song');
    await page.getByText('No matching songs found').waitFor();
    expect(await page.getByText('Try adjusting your search or filter').isVisible()).toBe(true);
    await search.fill('');
    await page.getByRole('combobox', { name: 'Genre filter' }).selectOption('Ambient');
    expect(await rowTitles(page)).toEqual([quietHum]);
    await page.getByRole('combobox', { name: 'Genre filter' }).selectOption({ label: 'All Genres' });
    expect(await rowTitles(page)).toEqual(fixtureLibraryTitles);

    // Sort: a new column starts ascending, clicking it again flips it.
    const measured = (await (await page.request.get(`${baseUrl}/api/songs`)).json()) as { title: string; bpm: number | null }[];
    await page.getByRole('button', { name: 'Sort by BPM' }).click();
    expect(await rowTitles(page)).toEqual(byBpm(measured, 'asc'));
    await page.getByRole('button', { name: 'Sort by BPM' }).click();
    expect(await rowTitles(page)).toEqual(byBpm(measured, 'desc'));
    expect(await page.getByRole('columnheader', { name: 'Sort by BPM' }).getAttribute('aria-sort')).toBe('descending');

    // Star: shown at once (the local database), then pushed to the server by the replication.
    const starCall = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/sync/stars/push');
    await page.getByRole('button', { name: `Star ${sineParade}` }).click();
    expect(await page.getByRole('button', { name: `Unstar ${sineParade}` }).getAttribute('aria-pressed')).toBe('true');
    expect((await starCall).ok()).toBe(true);
    await page.getByRole('button', { name: 'STARRED (1)' }).waitFor();
    const songs = (await (await page.request.get(`${baseUrl}/api/songs`)).json()) as { id: number; title: string; starred: boolean }[];
    const sineSong = songs.find((song) => song.title === sineParade);
    expect(sineSong?.starred).toBe(true);

    // A user with a starred song opens on STARRED.
    await page.reload();
    await libraryRow(page, sineParade).waitFor();
    expect(await page.getByRole('button', { name: 'STARRED (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(await rowTitles(page)).toEqual([sineParade]);
    await page.getByRole('button', { name: allSongs }).click();
    expect(await rowTitles(page)).toEqual(fixtureLibraryTitles);
    await page.getByText('Unlock Full Access with Pro').waitFor();
    await saveScreenshot(page, 'library');
    // Upgrade Now opens the Upgrade modal (trigger library_banner) over the library.
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await upgrade.getByText('Unlock Full Access with Pro.').waitFor();
    await page.keyboard.press('Escape');
    await upgrade.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/library`);
    await page.getByRole('button', { name: 'Dismiss upgrade banner' }).click();
    expect(await page.getByText('Unlock Full Access with Pro').count()).toBe(0);

    // Load Song opens the player on that song.
    await libraryRow(page, sineParade).getByRole('link', { name: 'Load Song' }).click();
    await page.waitForURL(`${baseUrl}/player?songId=${sineSong?.id}`);
    // The player's song info says the song is starred, as the library shows it.
    await page.getByRole('region', { name: 'SONG INFO' }).getByText('★ Yes').waitFor();

    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws only the rows in view of a long library, and scrolls to its end', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await signInWithCode(page, baseUrl, uniqueEmail('library-long'));
    const many = Array.from({ length: 5_000 }, (_, index) => ({
      id: index + 1,
      title: `Song ${String(index + 1).padStart(4, '0')}`,
      genre: index % 3 === 0 ? null : 'Jazz',
      genre2: null,
      key: null,
      bpm: 60 + (index % 100),
      difficulty: 1 + (index % 10),
      duration: index % 7 === 0 ? null : 90 + index,
      starred: false,
      playCount: index,
      hasLyrics: false,
    }));
    // The catalogue the sync pull serves, in pages after a position (docs/sync-protocol.md).
    const documents = many.map(({ starred: _starred, ...song }) => ({ ...song, id: String(song.id), chordInstruments: [], sections: [], stems: [], problems: [], _deleted: false }));
    await page.route('**/api/sync/songs/pull?*', (route) => {
      const params = new URL(route.request().url()).searchParams;
      const position = params.get('position') ?? '';
      const start = position.startsWith('fake-') ? Number(position.slice(5)) : 0;
      const page = documents.slice(start, start + Number(params.get('limit')));
      const checkpoint = page.length > 0 ? { position: `fake-${start + page.length}` } : position ? { position } : null;
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ documents: page, checkpoint }) });
    });
    await page.reload();
    await libraryRow(page, 'Song 0001').waitFor();
    // Rows show from the first page on; the count reaches 5000 when the last page is stored.
    await page.getByTestId('library-count').filter({ hasText: /^5000 songs$/ }).waitFor();
    expect(await page.getByTestId('library-row').count()).toBeLessThan(30);
    expect(await libraryRow(page, 'Song 0001').getByRole('img', { name: 'Popular' }).count()).toBe(0);

    await page.getByTestId('library-table').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await libraryRow(page, 'Song 5000').waitFor();
    expect(await page.getByTestId('library-row').count()).toBeLessThan(30);
    expect(await libraryRow(page, 'Song 5000').getByRole('img', { name: 'Popular' }).count()).toBe(1);
    const box = await page.getByTestId('library-table').boundingBox();
    expect(box?.height).toBe(400);

    await page.getByPlaceholder('Search songs...').fill('song 4999');
    expect(await rowTitles(page)).toEqual(['Song 4999']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the scan progress modal, polled every 500 ms, and the spec\'s toast when a scan cannot start', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await signInWithCode(page, baseUrl, uniqueEmail('library-scan'));
    await libraryRow(page, sineParade).waitFor();

    await page.route('**/api/songs/scan', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.getByRole('button', { name: 'Scan Library' }).click();
    expect(await toastTitled(page, 'Scan Failed')).toEqual({ description: 'Failed to scan songs directory', variant: 'destructive' });
    await page.unroute('**/api/songs/scan');

    // A scan the test controls: three answers while it runs, then complete.
    const polls: number[] = [];
    const running = { isScanning: true, currentSong: 'fixture-sine-parade', currentIndex: 1, totalSongs: 2, stage: 'scanning' };
    const complete = { ...running, isScanning: false, currentSong: null, currentIndex: 2, stage: 'complete', problems: [], summary: { catalogued: 0, changed: 0, unchanged: 2, removed: 0 } };
    await page.route('**/api/songs/scan', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"message":"Scanning"}' }));
    await page.route('**/api/songs/scan/progress', (route) => {
      polls.push(Date.now());
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(polls.length <= 3 ? running : complete) });
    });
    await page.getByRole('button', { name: 'Scan Library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scanning Library' });
    await dialog.getByText('Song 1 of 2: fixture-sine-parade').waitFor();
    expect(await dialog.getByText('Reading song folders').isVisible()).toBe(true);
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(await page.getByRole('button', { name: 'Scan Library' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'library-scan-progress');

    expect(await toastTitled(page, 'Library Updated')).toEqual({ description: '0 new, 0 changed, 0 removed.', variant: 'default' });
    await dialog.waitFor({ state: 'detached' });
    expect(polls.length).toBe(4);
    const gaps = polls.slice(1).map((time, index) => time - (polls[index] as number));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(450);
    // Polling stops once the scan is complete.
    await page.waitForTimeout(1_200);
    expect(polls.length).toBe(4);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('takes a star back and says so when the server refuses it', async () => {
    const page = await browser.newPage();
    await signInWithCode(page, baseUrl, uniqueEmail('library-star'));
    await libraryRow(page, quietHum).waitFor();
    // The API refuses the star: it answers its own state (not starred) as the row's conflict.
    await page.route('**/api/sync/stars/push', (route) => {
      const rows = route.request().postDataJSON() as { newDocumentState: { id: string } }[];
      const masters = rows.map((pushed) => ({ id: pushed.newDocumentState.id, starred: false, updatedAt: 0, _deleted: false }));
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(masters) });
    });

    await page.getByRole('button', { name: `Star ${quietHum}` }).click();
    expect(await toastTitled(page, 'Error')).toEqual({ description: 'Failed to update starred status', variant: 'destructive' });
    // The refused star goes back once the local database takes the server's state, which may come
    // just after the toast.
    await page.getByRole('button', { name: `Star ${quietHum}`, pressed: false }).waitFor();
    expect(await page.getByRole('button', { name: 'STARRED (0)' }).isVisible()).toBe(true);
    await page.close();
  });
});
