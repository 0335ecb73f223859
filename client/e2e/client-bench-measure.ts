import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, CDPSession, Page } from 'playwright-core';

/** What bench:client measures, through the UI only, timed by the page's own clock and a MutationObserver, not driver round trips. */

/** One keystroke in the library search: from the key event to the list showing its result. */
export interface KeystrokeTiming {
  key: string;
  /** Until the DOM shows the new result (the song count changed, rows with it). */
  updatedMs: number;
  /** Until the frame after that update: what the eye gets. */
  paintedMs: number;
}

declare global {
  interface Window {
    benchKeystroke?: { before: string | null | undefined; start: number; updated: number | null; painted: number | null };
    benchFirstRowAt?: number | null;
    benchLoad?: { clickAt: number | null; readyAt: number | null };
  }
}

const countSelector = '[data-testid="library-count"]';

/** Types each key into the focused search box, timing keydown to the song count changing, then to the next frame. */
export async function measureKeystrokes(page: Page, keys: readonly string[]): Promise<KeystrokeTiming[]> {
  await page.evaluate((selector) => {
    document.addEventListener(
      'keydown',
      (event) => {
        window.benchKeystroke = { before: document.querySelector(selector)?.textContent, start: event.timeStamp, updated: null, painted: null };
      },
      { capture: true },
    );
    new MutationObserver(() => {
      const keystroke = window.benchKeystroke;
      if (!keystroke || keystroke.updated !== null || document.querySelector(selector)?.textContent === keystroke.before) return;
      keystroke.updated = performance.now();
      // After the next frame is produced: rAF runs before paint, the task after it after.
      requestAnimationFrame(() => setTimeout(() => (keystroke.painted = performance.now())));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, countSelector);

  const timings: KeystrokeTiming[] = [];
  for (const key of keys) {
    await page.keyboard.press(key);
    const handle = await page.waitForFunction(() => window.benchKeystroke?.painted != null && window.benchKeystroke, undefined, { timeout: 10_000 });
    const { start, updated, painted } = (await handle.jsonValue()) as { start: number; updated: number; painted: number };
    timings.push({ key, updatedMs: updated - start, paintedMs: painted - start });
    // Let the screen settle, as a typist's next key would.
    await page.waitForTimeout(60);
  }
  return timings;
}

/** Records, from the start of every document, when the first library row appears. */
export async function watchFirstRow(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.benchFirstRowAt = null;
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="library-row"]')) return;
      window.benchFirstRowAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
}

/** Reloads and returns ms to the first library row; null (screenshot saved) when none shows within `timeoutMs`. */
export async function measureReloadToFirstRow(page: Page, timeoutMs: number, screenshotPath: string): Promise<number | null> {
  await page.reload();
  try {
    const handle = await page.waitForFunction(() => window.benchFirstRowAt ?? false, undefined, { timeout: timeoutMs });
    return (await handle.jsonValue()) as number;
  } catch {
    await page.screenshot({ path: screenshotPath });
    return null;
  }
}

export interface LoadSongTiming {
  playableMs: number;
  /** Click to the last byte of the last stem (HEAD checks and GETs, Resource Timing): the rest is decoding and building the player. */
  stemsFetchedMs: number;
}

/** With the HTTP cache emptied, clicks the song's Load Song and times click to playable (player body rendered); `leavePlayer` lets it go. */
export async function measureLoadSong(page: Page, pageSession: CDPSession, title: string): Promise<LoadSongTiming> {
  await page.getByPlaceholder('Search songs...').fill(title);
  const row = page.getByTestId('library-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
  await row.waitFor();
  await pageSession.send('Network.clearBrowserCache');
  await page.evaluate(() => {
    // The resource timing buffer holds 250 entries by default; the library's own calls may fill it.
    performance.clearResourceTimings();
    const load = { clickAt: null as number | null, readyAt: null as number | null };
    window.benchLoad = load;
    document.addEventListener('click', (event) => (load.clickAt ??= event.timeStamp), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="player-body"]')) return;
      load.readyAt = performance.now();
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true });
  });
  await row.getByRole('link', { name: 'Load Song' }).click();
  const handle = await page.waitForFunction(() => window.benchLoad?.readyAt != null && window.benchLoad, undefined, { timeout: 60_000 });
  const { clickAt, readyAt } = (await handle.jsonValue()) as { clickAt: number; readyAt: number };
  const stemEnds = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/stems/stream/'))
      .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
  );
  if (stemEnds.length === 0) throw new Error('Load Song fetched no stem: the player did not load the song anew');
  return { playableMs: readyAt - clickAt, stemsFetchedMs: Math.max(...stemEnds) - clickAt };
}

/** From a loaded player, back to the library inside the app: via /player without a song, so the player lets the song go. */
export async function leavePlayer(page: Page): Promise<void> {
  await unloadSongInApp(page);
  await page.getByRole('link', { name: 'Go to Library' }).click();
  await page.getByPlaceholder('Search songs...').waitFor();
}

/** Waits until the library lists `count` songs (a local-first library may fill in batches). */
export async function waitForSongCount(page: Page, count: number, timeoutMs: number): Promise<void> {
  const expected = `${count} songs`;
  try {
    await page.waitForFunction((text) => document.querySelector('[data-testid="library-count"]')?.textContent === text, expected, { timeout: timeoutMs });
  } catch (error) {
    throw new Error(`The library shows "${await page.getByTestId('library-count').innerText()}", not ${expected}, after ${timeoutMs / 1000} s`, { cause: error });
  }
}

/** Leaves the player for /player without a song inside the app (no new document), so the player lets the song go. */
export async function unloadSongInApp(page: Page): Promise<void> {
  await page.evaluate(() => {
    history.pushState({}, '', '/player');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('heading', { name: 'No Song Selected' }).waitFor();
}

/** The sample rate a new AudioContext runs at in this browser: decoded stems are resampled to it. */
export function audioContextSampleRate(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const probe = new AudioContext();
    const rate = probe.sampleRate;
    await probe.close();
    return rate;
  });
}

/** The tab's memory after a full garbage collection: V8's used heap, and the renderer processes' resident memory. */
export interface TabMemory {
  jsHeapUsedBytes: number;
  rendererRssBytes: number;
  /** /proc's split: private anonymous, file pages (mostly Chromium code shared across processes), shared memory. */
  rendererRssParts: { anon: number; file: number; shmem: number };
  /** The renderer processes' peak resident memory (VmHWM) since `resetRendererPeaks`. */
  rendererPeakBytes: number;
}

/** Starts the renderer processes' peak resident memory afresh (`5` to /proc/<pid>/clear_refs). */
export async function resetRendererPeaks(browserSession: CDPSession): Promise<void> {
  for (const id of await rendererIds(browserSession)) await writeFile(`/proc/${id}/clear_refs`, '5');
}

async function rendererIds(browserSession: CDPSession): Promise<number[]> {
  const { processInfo } = (await browserSession.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
  return processInfo.filter((info) => info.type === 'renderer').map((info) => info.id);
}

export async function measureTabMemory(page: Page, pageSession: CDPSession, browserSession: CDPSession): Promise<TabMemory> {
  // Twice: the first collection can leave finalised objects whose memory the second frees.
  for (let pass = 0; pass < 2; pass++) await pageSession.send('HeapProfiler.collectGarbage');
  await page.waitForTimeout(300);
  const { metrics } = await pageSession.send('Performance.getMetrics');
  const jsHeapUsedBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  let rendererRssBytes = 0;
  let rendererPeakBytes = 0;
  const rendererRssParts = { anon: 0, file: 0, shmem: 0 };
  for (const id of await rendererIds(browserSession)) {
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '');
    const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? 0) * 1024;
    rendererRssBytes += kilobytes('VmRSS');
    rendererPeakBytes += kilobytes('VmHWM');
    rendererRssParts.anon += kilobytes('RssAnon');
    rendererRssParts.file += kilobytes('RssFile');
    rendererRssParts.shmem += kilobytes('RssShmem');
  }
  return { jsHeapUsedBytes, rendererRssBytes, rendererRssParts, rendererPeakBytes };
}

export async function memorySessions(browser: Browser, page: Page): Promise<{ pageSession: CDPSession; browserSession: CDPSession }> {
  const pageSession = await page.context().newCDPSession(page);
  await pageSession.send('Performance.enable');
  return { pageSession, browserSession: await browser.newBrowserCDPSession() };
}
