import type { Browser, BrowserContext, Page } from 'playwright-core';
import { measureLandingPaint } from '../../client/e2e/landing-visit';
import { recordMoments, tutorialMoments } from '../../client/e2e/tutorial-moments';
import { signInWithCode } from '../../api/testing/test-sign-in';
import type { ClientBenchApp } from './client-bench-app';

/** The client's timings that depend on the machine as much as on the code, measured in the bench app. */
export interface PageTimings {
  /** The landing page's largest contentful paint: first visits (HTTP cache off) and returning ones. */
  landingColdMs: number[];
  landingWarmMs: number[];
  landingElement: string;
  /** From the song's 'loaded' toast to the tutorial choice (the spec's delay is 1 s). */
  choiceAfterLoadMs: number[];
  /** From picking 'Play drums' to its tutorial (the spec's delay is 500 ms). */
  tutorialAfterPickMs: number[];
  /** From a star clicked in one browser to the same user's other browser showing it, through the sync stream. */
  starSeenMs: number[];
}

/** Measures {@link PageTimings} `runs` times as a new user, in fresh contexts of `browser`. */
export async function measurePageTimings(browser: Browser, app: ClientBenchApp, runs: number, log: (line: string) => void): Promise<PageTimings> {
  const newContext = async (session?: { name: string; value: string }): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    if (session) await context.addCookies([{ ...session, url: app.url }]);
    return context;
  };

  log(`landing page paint: ${runs} first and ${runs} returning visits`);
  const visitor = await newContext();
  const landing = await measureLandingPaint(visitor, app.url, runs);
  await visitor.close();

  // A new user: the welcome is dismissed for good, the choice on the player comes once a session (a tab).
  const { browser: api } = await signInWithCode(app.url, 'client-bench-tutorials@example.com');
  await api.patch('/api/user/tutorial-dismissal', { tutorialWelcomeDismissed: true });
  const value = api.cookie('woodshed_session');
  if (value === undefined) throw new Error('The tutorials user is not signed in');
  const session = { name: 'woodshed_session', value };

  log(`tutorials: ${runs} loads of "${app.demoSong.title}" to the choice, then 'Play drums' to its tutorial`);
  const choiceAfterLoadMs: number[] = [];
  const tutorialAfterPickMs: number[] = [];
  const tutorials = await newContext(session);
  for (let run = 0; run < runs; run++) {
    const page = await tutorials.newPage();
    await recordMoments(page);
    await page.goto(`${app.url}/player?songId=${app.demoSong.id}`);
    const choice = page.getByRole('dialog', { name: 'How do you want to practise?' });
    await choice.waitFor({ timeout: 60_000 });
    await choice.getByRole('button', { name: 'Play drums' }).click();
    await page.getByRole('dialog', { name: 'Playing drums' }).waitFor();
    const moments = await tutorialMoments(page);
    choiceAfterLoadMs.push(moments['tutorial-choice']! - moments.loaded!);
    tutorialAfterPickMs.push(moments['tutorial-drums']! - moments.picked!);
    await page.close();
  }
  await tutorials.close();

  log(`sync: ${runs} stars from one browser to the same user's other one`);
  const starSeenMs: number[] = [];
  const [one, other] = await Promise.all([newContext(session), newContext(session)]);
  try {
    const pages = await Promise.all([one.newPage(), other.newPage()]);
    for (const page of pages) {
      await page.goto(`${app.url}/library`);
      await page.getByPlaceholder('Search songs...').fill(app.demoSong.title);
    }
    const [clicking, watching] = pages as [Page, Page];
    const title = app.demoSong.title;
    await watching.getByRole('button', { name: `Star ${title}` }).waitFor({ timeout: 60_000 });
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await clicking.getByRole('button', { name: `Star ${title}` }).click();
      await watching.getByRole('button', { name: `Unstar ${title}` }).waitFor({ timeout: 60_000 });
      starSeenMs.push(performance.now() - started);
      await clicking.getByRole('button', { name: `Unstar ${title}` }).click();
      await watching.getByRole('button', { name: `Star ${title}` }).waitFor({ timeout: 60_000 });
    }
  } finally {
    await Promise.all([one.close(), other.close()]);
  }
  return { landingColdMs: landing.coldMs, landingWarmMs: landing.warmMs, landingElement: landing.element, choiceAfterLoadMs, tutorialAfterPickMs, starSeenMs };
}
