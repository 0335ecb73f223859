import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { contentPages } from '../src/app/testing/content-pages';
import { browserPerFile } from './browser-per-file';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

// The marketing and legal pages of spec 001, 2.4-2.5 (contentPages: path, main heading and tab
// title). What each page draws and writes on its own (its heading, head tags, links, texts, FAQ and
// forms) is checked in jsdom, next to its screen (client/src/features/{marketing,legal}/*.component.test.tsx);
// here is what needs the served app and a real browser: the server's pre-rendered copy, the app
// taking over from it, the preview picture, layout, contrast and console.

/** The other public routes (sign-in and the privacy form), checked for layout and accessibility too. */
const otherPublicPages = ['/login', '/auth/verify', '/privacy/requests'] as const;

function slug(pagePath: string): string {
  return pagePath.slice(1).replaceAll('/', '-');
}

/**
 * Serious and critical axe violations, as 'rule: target' lines (empty when the page passes). Axe
 * runs in the page itself (legacy mode): the public pages have no frames, and the default mode opens
 * a second page for every check to merge the frames' results, which took more time than the checks.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/**
 * Waits for the app to have drawn the page over its pre-rendered copy and written the page's own
 * head tags: until then the head holds the server's copy, or (between the two) neither.
 */
async function appHeadWritten(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('prerendered') === null && document.head.querySelector('link[rel="canonical"]:not([data-prerendered])') !== null);
}

/**
 * Checks that the page fits 375 px without sideways scrolling, also with every FAQ answer on it
 * opened in turn (so the open panels are seen to fit), and has no serious accessibility violation.
 */
async function expectFitsAPhone(page: Page, pagePath: string): Promise<void> {
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(375);
  // Clicked in the page, in order: the layout is what is checked, and the clicks themselves are
  // the component tests' (faq-screen, landing-screen).
  await page.locator('button[aria-controls$="-answer"]').evaluateAll((questions) => {
    for (const question of questions) (question as HTMLButtonElement).click();
  });
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, `public-${slug(pagePath)}-375`, { fullPage: true });
}

async function head(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) => document.head.querySelectorAll(selector);
    const content = (selector: string) => meta(selector)[0]?.getAttribute('content') ?? null;
    return {
      title: document.title,
      descriptions: meta('meta[name="description"]').length,
      description: content('meta[name="description"]'),
      canonicals: Array.from(meta('link[rel="canonical"]')).map((link) => link.getAttribute('href')),
      ogTitle: content('meta[property="og:title"]'),
      ogUrl: content('meta[property="og:url"]'),
      ogImage: content('meta[property="og:image"]'),
      twitterCard: content('meta[name="twitter:card"]'),
      jsonLdTypes: Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
        (script) => (JSON.parse(script.textContent ?? '') as { '@type': string })['@type'],
      ),
    };
  });
}

describe('public pages (spec 001, 2.4-2.5)', () => {
  it.each(contentPages)("$path: the app's head tags in place of the served copy's, the preview picture, accessible at 1280 px", async ({ path: pagePath, heading }) => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${baseUrl}${pagePath}`);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await appHeadWritten(page);

    // The server's pre-rendered tags gave way to the app's, on the origin the page was served
    // from: one description beside index.html's, one canonical link.
    const tags = await head(page);
    expect(tags.descriptions).toBe(1);
    expect(tags.canonicals).toEqual([`${baseUrl}${pagePath}`]);
    // The preview picture is served (a PNG, not the app's HTML).
    const image = await page.request.get(tags.ogImage ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, `public-${slug(pagePath)}-1280`, { fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([...contentPages.map((page) => page.path), ...otherPublicPages])('%s: no sideways scroll at 375 px, accessible', async (pagePath) => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${baseUrl}${pagePath}`);
    // The sign-in page's e-mail step has no heading of its own: its button, then.
    const drawn = pagePath === '/login' ? page.getByRole('button', { name: 'Send Magic Link' }) : page.getByRole('heading').first();
    await drawn.waitFor();
    await expectFitsAPhone(page, pagePath);
    await page.close();
  });

  it('the landing FAQ opens at #support, an open answer is at most 200 px tall and the next one closes it', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/landing#support`);
    const support = page.getByRole('heading', { level: 2, name: 'Questions and support' });
    await support.waitFor();
    // Opened at #support, the page scrolled there once it was drawn.
    expect(await support.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(800);

    await page.getByRole('button', { name: 'What is Woodshed?' }).click();
    const answer = page.getByRole('region', { name: 'What is Woodshed?' });
    expect(await answer.isVisible()).toBe(true);
    expect(await answer.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('200px');

    await page.getByRole('button', { name: 'What is a credit?' }).click();
    await page.getByRole('region', { name: 'What is a credit?' }).waitFor();
    expect(await answer.isVisible()).toBe(false);
    await saveScreenshot(page, 'public-landing-faq-open', { fullPage: true });
    await page.close();
  });

  it.each(contentPages)('$path: a plain HTTP GET (no script run) has the page, its head tags on the public origin and its heading', async ({ path: pagePath, heading, title }) => {
    // As a link preview or a crawler fetches it: the server answers the pre-rendered page.
    const response = await fetch(`${baseUrl}${pagePath}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = (markup: string) => markup.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
    expect(text(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(title);
    expect(text(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '')).toBe(heading);
    // The app's default origin when PUBLIC_URL is not set (api/config/env.ts).
    const publicOrigin = `http://localhost:${new URL(baseUrl).port}`;
    expect(text(/<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ?? '')).toBe(title);
    expect(/<meta property="og:url" content="([^"]*)"/.exec(html)?.[1]).toBe(`${publicOrigin}${pagePath}`);
    expect(/<meta name="description" content="([^"]{70,})"/.test(html)).toBe(true);
    expect(html).not.toContain('woodshed.invalid');
  });

  it("a page's head tags go away when the visitor moves on to a page without its own", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/faq`);
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    await appHeadWritten(page);
    const indexDescription = 'Woodshed: practise with songs split into instrument stems, right in your browser.';
    expect((await head(page)).description).not.toBe(indexDescription);

    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
    const after = await head(page);
    expect(after.title).toBe('Sign In · Woodshed');
    expect(after.description).toBe(indexDescription);
    expect(after.canonicals).toEqual([]);
    expect(after.ogTitle).toBeNull();
    expect(after.jsonLdTypes).toEqual([]);

    // Back to a content page by client-side navigation: its tags return, once each.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    const again = await head(page);
    expect(again.title).toBe('Frequently Asked Questions · Woodshed');
    expect(again.descriptions).toBe(1);
    expect(again.canonicals).toEqual([`${baseUrl}/faq`]);
    expect(again.jsonLdTypes).toEqual(['FAQPage', 'WebPage', 'BreadcrumbList']);
    await page.close();
  });
});
