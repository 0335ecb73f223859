import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import type { TestBrowser } from './browser';

const baseUrl = inject('baseUrl');
// Issue 11's budgets for the public pages, measured here on every run.
const JS_BUDGET_GZIP_BYTES = 200 * 1024;
// Issue 11: the landing page's largest contentful paint on localhost at most 1.5 s (the median of
// three cold visits, HTTP cache off, after a warm-up visit of another page).
const LCP_BUDGET_MS = 1_500;
// LCP is the median of this many visits: one visit on a busy two-core machine is mostly noise.
const LCP_VISITS = 3;
let browser: TestBrowser;

beforeAll(async () => {
  // No service worker: it would download every chunk of the app in the background.
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The bytes the server sends for `url` to a browser that takes gzip only (not decompressed). */
async function gzippedBytes(url: string): Promise<{ bytes: number; encoding: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        resolve({ bytes: body.length, encoding, text: (encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8') });
      });
    }).once('error', reject);
  });
}

/**
 * One visit of /landing in a fresh tab, with the HTTP cache off (every script travels again) or on:
 * the scripts it fetched, its largest contentful paint (a `largest-contentful-paint` observer) and
 * the element painted, and when its scripts had run.
 */
async function visitLanding(cache: 'off' | 'on'): Promise<{ scripts: string[]; lcpMs: number; element: string; scriptsRunMs: number; page: Page }> {
  const page = await browser.newPage();
  const devtools = await browser.context.newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: cache === 'off' });
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === baseUrl && url.pathname.endsWith('.js')) scripts.add(url.toString());
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
  // When the entry script has run (module scripts run before DOMContentLoaded ends): the rest of the LCP is rendering.
  const scriptsRunMs = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
  return { scripts: [...scripts], lcpMs, element, scriptsRunMs, page };
}

describe('public page budgets (issue 11)', () => {
  it('the landing page loads at most 200 KB of gzipped JavaScript, none of it audio or database code, and paints its largest content in time', async () => {
    // Warm the browser first on another public page: a fresh Chromium's first navigation also pays
    // for starting its renderer and compositor, which is the browser's cost, not the page's.
    const warmUp = await browser.newPage();
    await warmUp.goto(`${baseUrl}/faq`, { waitUntil: 'load' });
    await warmUp.getByRole('heading', { level: 1 }).first().waitFor();
    await warmUp.close();

    // Cold: the HTTP cache off, every script travels and compiles again (a first visit).
    const visits: { scripts: string[]; lcpMs: number; element: string; scriptsRunMs: number }[] = [];
    for (let visit = 0; visit < LCP_VISITS; visit += 1) {
      const { page, ...measured } = await visitLanding('off');
      visits.push(measured);
      await page.close();
    }
    // Warm: the HTTP cache on, filled by the visits before (a returning visitor; Chromium also
    // keeps the scripts' compiled code with them).
    const warmVisits: { lcpMs: number }[] = [];
    for (let visit = 0; visit < LCP_VISITS; visit += 1) {
      const { page, ...measured } = await visitLanding('on');
      warmVisits.push(measured);
      await page.close();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const lcps = visits.map((visit) => visit.lcpMs);
    const medianLcpMs = median(lcps);
    const warmLcps = warmVisits.map((visit) => visit.lcpMs);
    const medianWarmLcpMs = median(warmLcps);

    const scripts = visits[0]!.scripts;
    expect(scripts.length).toBeGreaterThan(0);
    let gzipTotal = 0;
    for (const url of scripts) {
      const sent = await gzippedBytes(url);
      // The build leaves files under 1 KB uncompressed; every other one must travel gzipped.
      if (sent.encoding !== 'gzip') expect(sent.bytes, url).toBeLessThan(1024);
      gzipTotal += sent.bytes;
      // Tone.js and RxDB stay out of the public pages (code-split per route).
      expect(sent.text, url).not.toMatch(/AudioWorkletNode|RxDatabase|rxdb/);
    }
    const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    console.log(
      `landing: ${scripts.length} scripts, ${(gzipTotal / 1024).toFixed(1)} KB gzipped; largest element ${visits[0]!.element}; ` +
        `cold LCP ${list(lcps)} ms (median ${medianLcpMs.toFixed(0)}; scripts run by ${list(visits.map((visit) => visit.scriptsRunMs))} ms); ` +
        `warm LCP ${list(warmLcps)} ms (median ${medianWarmLcpMs.toFixed(0)})`,
    );
    expect(gzipTotal).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
    expect(medianLcpMs).toBeLessThanOrEqual(LCP_BUDGET_MS);
  });
});
