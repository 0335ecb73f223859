import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import type { TestBrowser } from './browser';
import { visitLanding } from './landing-visit';

const baseUrl = inject('baseUrl');
// The public pages' JavaScript budget: what a first visit of the landing page downloads. Its
// paint time is a figure of the machine as much as of the page: `npm run bench:client` measures it.
const JS_BUDGET_GZIP_BYTES = 200 * 1024;
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

describe('public page budget', () => {
  it('the landing page loads at most 200 KB of gzipped JavaScript, none of it audio or database code', async () => {
    // A first visit: the HTTP cache off, every script travels.
    const { scripts, page } = await visitLanding(browser.context, baseUrl, 'off');
    await page.close();
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
    console.log(`landing: ${scripts.length} scripts, ${(gzipTotal / 1024).toFixed(1)} KB gzipped`);
    expect(gzipTotal).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
  });
});
