import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../client/e2e/browser';
import { dismissAllTutorials } from '../../client/e2e/tutorial-flags';
import { type MainThreadShare, type SelfTime, measureMainThreadShare, openPlayer, pausePlaying, profileSelfTimes, slowDown, startPlaying } from '../../client/e2e/player-main-thread-measure';
import { benchChromiumArgs, startClientBenchApp } from './client-bench-app';

/** The label of the last case: the player paused, no sound left. */
export const PAUSED = 'paused';

/** The main thread's share while one way of playing plays (or the player is paused), with the load average when it ran. */
export interface PlayingShare {
  /** '1x (plain players)', the tempo the stretch nodes play at, or PAUSED. */
  label: string;
  runs: MainThreadShare[];
  loads: number[];
  /** The top functions by self time in a CPU profile of a few seconds of it. */
  profile: SelfTime[];
}

/** The page's main-thread share while the demo song plays in the real player, at 1x and slowed three steps, and paused, with a CPU profile of each. */
export async function measurePlayerMainThread(options: { runs: number; seconds: number; profileSeconds: number; log: (line: string) => void }): Promise<PlayingShare[]> {
  const { runs, seconds, profileSeconds, log } = options;
  const app = await startClientBenchApp({ songs: 1, log });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: benchChromiumArgs,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.addCookies([{ ...app.session, url: app.url }]);
    const page = await context.newPage();
    // The tutorials are modal: out of the way for good, as a returning musician has them.
    await dismissAllTutorials(page, app.url);
    const session = await context.newCDPSession(page);
    await openPlayer(page, app.url, app.demoSong.id);
    await startPlaying(page);
    // The first seconds of playback settle (the first frames, fonts, the analysers' buffers).
    await page.waitForTimeout(2000);
    const results: PlayingShare[] = [];
    const measure = async (label: string) => {
      const result: PlayingShare = { label, runs: [], loads: [], profile: [] };
      for (let run = 0; run < runs; run++) {
        const load = loadavg()[0]!;
        const measured = await measureMainThreadShare(page, session, seconds);
        result.runs.push(measured);
        result.loads.push(load);
        const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
        log(
          `run ${run + 1}: main thread busy ${percent(measured.share)} of the wall time (CPU ${percent(measured.cpuShare)} of one core; script ${percent(measured.script)}, style ${percent(measured.style)}, layout ${percent(measured.layout)}; ` +
            `${measured.layoutsPerSecond.toFixed(0)} layouts/s) while playing at ${label} (${measured.wallSeconds.toFixed(1)} s, load ${load.toFixed(1)})`,
        );
      }
      result.profile = await profileSelfTimes(page, session, profileSeconds, 8);
      results.push(result);
    };
    await measure('1x (plain players)');
    const tempo = await slowDown(page, 3);
    await page.waitForTimeout(1000);
    await measure(`${tempo} (stretch nodes)`);
    // Paused, once the last sound has faded: the meters and the spectrum stop asking for frames.
    await pausePlaying(page);
    await page.waitForTimeout(2000);
    await measure(PAUSED);
    return results;
  } finally {
    await browser.close();
    await app.stop();
  }
}
