import type { CDPSession, Page } from 'playwright-core';

// bench:practice's main-thread steps (scripts/bench/practice-player-share.ts), through the DevTools protocol.

/** The main thread over a stretch of playback, each figure per wall second (seconds per second). */
export interface MainThreadShare {
  /** Wall time of the page's main-thread tasks (scripts, style, layout, paint): on a loaded machine it includes waiting for a core. */
  share: number;
  /** CPU time of the page's main thread: what it took of a core, whatever the machine's load. */
  cpuShare: number;
  /** Of the tasks' time: scripts, style recalculation, layout, and the rest (paint, the tasks' own overhead). */
  script: number;
  style: number;
  layout: number;
  /** Layouts and style recalculations per wall second. */
  layoutsPerSecond: number;
  stylesPerSecond: number;
  wallSeconds: number;
}

/** One function's self time in a CPU profile of the page's main thread. */
export interface SelfTime {
  functionName: string;
  /** Where it is: url:line (1-based), or empty for the engine's own entries (garbage collector, program). */
  location: string;
  selfMs: number;
  /** Its share of the profile's wall time. */
  share: number;
}

/** Opens the song in the player and waits until it is playable (the loaded player's body). */
export async function openPlayer(page: Page, baseUrl: string, songId: number): Promise<void> {
  await page.goto(`${baseUrl}/player?songId=${songId}`);
  await page.getByTestId('player-body').waitFor({ timeout: 120_000 });
}

export async function startPlaying(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === 'true');
}

/** Pauses the song, unless it has played to its end already (stopped either way). */
export async function pausePlaying(page: Page): Promise<void> {
  if ((await page.getByTestId('player-body').getAttribute('data-playing')) === 'true') await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === 'false');
}

/** Slows the playing song `steps` steps in the practice tools (stretch nodes take over), then shows the spectrum again. */
export async function slowDown(page: Page, steps: number): Promise<string> {
  await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
  const tools = page.getByTestId('practice-tools');
  for (let step = 0; step < steps; step++) await tools.getByRole('button', { name: 'Slower' }).click();
  const tempo = (await page.getByTestId('tempo-value').textContent()) ?? '';
  await page.getByRole('tab', { name: 'SPECTRUM' }).click();
  await page.getByTestId('spectrum').waitFor();
  if ((await page.getByTestId('player-body').getAttribute('data-playing')) !== 'true') throw new Error('The player stopped playing when the tempo changed');
  return tempo;
}

const metricNames = ['Timestamp', 'TaskDuration', 'ThreadTime', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'LayoutCount', 'RecalcStyleCount'] as const;
type MetricName = (typeof metricNames)[number];

async function mainThreadMetrics(session: CDPSession): Promise<Record<MetricName, number>> {
  const { metrics } = await session.send('Performance.getMetrics');
  const values = new Map(metrics.map((entry) => [entry.name, entry.value]));
  return Object.fromEntries(
    metricNames.map((name) => {
      const value = values.get(name);
      if (value === undefined) throw new Error(`Performance.getMetrics sent no ${name}`);
      return [name, value];
    }),
  ) as Record<MetricName, number>;
}

/** The page's main-thread metrics over `seconds` of playback, per wall second between two samples. */
export async function measureMainThreadShare(page: Page, session: CDPSession, seconds: number): Promise<MainThreadShare> {
  await session.send('Performance.enable', { timeDomain: 'timeTicks' });
  const before = await mainThreadMetrics(session);
  await page.waitForTimeout(seconds * 1000);
  const after = await mainThreadMetrics(session);
  await session.send('Performance.disable');
  const wallSeconds = after.Timestamp - before.Timestamp;
  const perSecond = (name: MetricName) => (after[name] - before[name]) / wallSeconds;
  return {
    share: perSecond('TaskDuration'),
    cpuShare: perSecond('ThreadTime'),
    script: perSecond('ScriptDuration'),
    style: perSecond('RecalcStyleDuration'),
    layout: perSecond('LayoutDuration'),
    layoutsPerSecond: perSecond('LayoutCount'),
    stylesPerSecond: perSecond('RecalcStyleCount'),
    wallSeconds,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** A sampled CPU profile of the main thread for `seconds`: the `top` functions by self time, idle left out. */
export async function profileSelfTimes(page: Page, session: CDPSession, seconds: number, top: number): Promise<SelfTime[]> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 500 });
  await session.send('Profiler.start');
  await page.waitForTimeout(seconds * 1000);
  const { profile } = await session.send('Profiler.stop');
  await session.send('Profiler.disable');
  const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const selfMs = new Map<string, { functionName: string; location: string; ms: number }>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the gap to the next sample (the gap before the first is the start's).
  samples.forEach((id, index) => {
    const node = nodes.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    const location = url ? `${url.replace(/^https?:\/\/[^/]+/, '')}:${lineNumber + 1}` : '';
    const key = `${functionName}@${location}`;
    const entry = selfMs.get(key) ?? { functionName: functionName || '(anonymous)', location, ms: 0 };
    entry.ms += (deltas[index + 1] ?? 0) / 1000;
    selfMs.set(key, entry);
  });
  const wallMs = (profile.endTime - profile.startTime) / 1000;
  return [...selfMs.values()]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top)
    .map((entry) => ({ functionName: entry.functionName, location: entry.location, selfMs: entry.ms, share: entry.ms / wallMs }));
}
