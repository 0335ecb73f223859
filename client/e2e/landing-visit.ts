import type { BrowserContext, Page } from 'playwright-core';

/** What one visit of /landing fetched and when it painted. */
export interface LandingVisit {
  /** The app's scripts the visit fetched (full URLs). */
  scripts: string[];
  /** Its largest contentful paint, from the navigation's start. */
  lcpMs: number;
  /** The element painted last as the largest, with its size. */
  element: string;
  /** When the entry script had run (module scripts run before DOMContentLoaded ends). */
  scriptsRunMs: number;
  page: Page;
}

/** One /landing visit in a fresh tab, HTTP cache off or on: scripts fetched, largest contentful paint and its element,
 * when its scripts had run. The caller closes the page. */
export async function visitLanding(context: BrowserContext, baseUrl: string, cache: 'off' | 'on'): Promise<LandingVisit> {
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: cache === 'off' });
  const scripts = new Set<string>();
  const origin = new URL(baseUrl).origin;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.toString());
  });
  await page.goto(`${baseUrl}/landing`, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const { lcpMs, element } = await page.evaluate(
    () =>
      new Promise<{ lcpMs: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          // The buffered entries come at once; the last is the largest content painted so far.
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null; size?: number }) | undefined;
          if (last) resolve({ lcpMs: last.startTime, element: `${last.element?.nodeName.toLowerCase() ?? '?'} (${last.size ?? 0} px²)` });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  const scriptsRunMs = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
  return { scripts: [...scripts], lcpMs, element, scriptsRunMs, page };
}

/** /landing's largest contentful paint over `visits` cold and as many warm visits, after a warm-up on another public
 * page (a fresh Chromium's first navigation also starts its renderer and compositor). */
export async function measureLandingPaint(context: BrowserContext, baseUrl: string, visits: number): Promise<{ coldMs: number[]; warmMs: number[]; element: string }> {
  const warmUp = await context.newPage();
  await warmUp.goto(`${baseUrl}/faq`, { waitUntil: 'load' });
  await warmUp.getByRole('heading', { level: 1 }).first().waitFor();
  await warmUp.close();
  const coldMs: number[] = [];
  const warmMs: number[] = [];
  let element = '?';
  for (const [cache, into] of [['off', coldMs], ['on', warmMs]] as const) {
    for (let visit = 0; visit < visits; visit += 1) {
      const measured = await visitLanding(context, baseUrl, cache);
      into.push(measured.lcpMs);
      element = measured.element;
      await measured.page.close();
    }
  }
  return { coldMs, warmMs, element };
}
