import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { watchPageProblems } from './page-problems';
import { saveScreenshot, screenshotDir } from './screenshot';
import { toastTitled } from './sign-in-flow';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** The marketing and legal pages of spec 001, 2.4-2.5: path, main heading and tab title. */
const contentPages = [
  { path: '/landing', heading: 'Practise with the band. Play your part.', title: 'Woodshed' },
  { path: '/drumless-tracks', heading: 'Drumless tracks: you are the drummer', title: 'Drumless Tracks for Drummers · Woodshed' },
  { path: '/bassless-tracks', heading: 'Bassless tracks: hold down the low end', title: 'Bassless Tracks for Bass Players · Woodshed' },
  { path: '/guitarless-tracks', heading: 'Guitarless tracks: the riffs are yours', title: 'Guitarless Tracks for Guitarists · Woodshed' },
  { path: '/vocal-tracks', heading: 'Vocal tracks: sing with the full band', title: 'Vocal Backing Tracks and Karaoke · Woodshed' },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'Frequently Asked Questions · Woodshed' },
  { path: '/features', heading: 'A practice room for the whole band', title: 'Features · Woodshed' },
  { path: '/about', heading: 'About Woodshed', title: 'About Woodshed · Woodshed' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy · Woodshed' },
  { path: '/terms-of-use', heading: 'Terms of Use', title: 'Terms of Use · Woodshed' },
  { path: '/legal/subprocessors', heading: 'Subprocessors', title: 'Subprocessors · Woodshed' },
] as const;

/** The other public routes (sign-in and the privacy form), checked for layout and accessibility too. */
const otherPublicPages = ['/login', '/auth/verify', '/privacy/requests'] as const;

/** Every path a public page may link to inside the site: the public pages themselves. */
const publicPaths = new Set<string>([...contentPages.map((page) => page.path), ...otherPublicPages]);

/** The labels of the calls to action on the public pages; each must lead to /login. */
const callToActionLabels = new Set([
  'Login',
  'Start Free Trial',
  'Start Practising Free',
  'Start for Free',
  'Go Pro',
  'Get Started',
  'Get Started Free',
  'Create Your Free Account',
]);

function slug(pagePath: string): string {
  return pagePath.slice(1).replaceAll('/', '-');
}

async function fullPageScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Serious and critical axe violations, as 'rule: target' lines (empty when the page passes). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
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
  it.each(contentPages)('$path: heading, head tags, links, accessibility at 1280 px', async ({ path: pagePath, heading, title }) => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${baseUrl}${pagePath}`);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await appHeadWritten(page);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByTestId('design-canvas').count()).toBe(0);

    const tags = await head(page);
    expect(tags.title).toBe(title);
    expect(tags.descriptions).toBe(1);
    expect(tags.description?.length).toBeGreaterThan(70);
    expect(tags.description?.length).toBeLessThanOrEqual(200);
    expect(tags.canonicals).toEqual([`${baseUrl}${pagePath}`]);
    expect(tags.ogTitle).toBe(title);
    expect(tags.ogUrl).toBe(`${baseUrl}${pagePath}`);
    expect(tags.twitterCard).toBe('summary_large_image');
    expect(tags.jsonLdTypes.length).toBeGreaterThan(0);
    // The preview picture is served (a PNG, not the app's HTML).
    const image = await page.request.get(tags.ogImage ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    // Every link stays on the public site, goes to /login or writes to the support address
    // (support@ the site's domain, decision 0034); every call to action goes to /login.
    const links = await page.locator('a[href]').evaluateAll((anchors) =>
      anchors.map((anchor) => ({ href: anchor.getAttribute('href') ?? '', text: (anchor as HTMLElement).innerText.trim() })),
    );
    const callsToAction = links.filter((link) => callToActionLabels.has(link.text));
    expect(callsToAction.length).toBeGreaterThan(0);
    expect(callsToAction.filter((link) => link.href !== '/login')).toEqual([]);
    const supportMail = `mailto:support@${new URL(baseUrl).hostname}`;
    expect(links.filter((link) => !link.href.startsWith('#') && !publicPaths.has(link.href) && link.href !== supportMail)).toEqual([]);
    // An in-page link names an element of this page.
    for (const link of links.filter((candidate) => candidate.href.startsWith('#'))) {
      expect(await page.locator(link.href).count(), link.href).toBe(1);
    }

    expect(await seriousViolations(page)).toEqual([]);
    await fullPageScreenshot(page, `public-${slug(pagePath)}-1280`);
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
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(375);
    // Open every answer of the page in turn, so the test also sees the open panels fit.
    for (const question of await page.locator('button[aria-controls$="-answer"]').all()) await question.click();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await fullPageScreenshot(page, `public-${slug(pagePath)}-375`);
    await page.close();
  });

  it('/features and /faq tell about the practice tools', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/features`);
    const practice = page.getByRole('region', { name: 'Practice tools' });
    await practice.waitFor();
    expect(await practice.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Tempo and transpose',
      'A-B loops and the speed trainer',
      'Count-in and click',
      'Export the mix you hear',
      'Offline songs',
      'Practice log',
    ]);
    await practice.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'public-features-practice-tools');
    await page.goto(`${baseUrl}/faq`);
    for (const question of ['Can I slow a song down or change its key?', 'Can I save the backing track I made?', 'Can I see how much I practised?', 'Does Woodshed work offline?']) {
      await page.getByRole('button', { name: question }).click();
    }
    const answers = await page.locator('[id$="-answer"]').allTextContents();
    for (const words of ['speed trainer', 'count-in', 'WAV or MP3', 'play without one', 'Practice Log']) {
      expect(answers.some((answer) => answer.includes(words)), words).toBe(true);
    }
    await page.close();
  });

  it('every call to action on the landing page lands on /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/landing`);
    // Counted once the page has drawn (count() does not wait).
    await page.getByRole('heading', { level: 1, name: 'Practise with the band. Play your part.' }).waitFor();
    const labels = [...callToActionLabels];
    const callsToAction = page.getByRole('link').filter({ hasText: new RegExp(`^(${labels.join('|')})$`) });
    const count = await callsToAction.count();
    // Header Login, hero, three plans, closing band.
    expect(count).toBe(6);
    for (let index = 0; index < count; index += 1) {
      await callsToAction.nth(index).click();
      await page.waitForURL(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Practise with the band. Play your part.' }).waitFor();
    }
    // Header and closing call of an SEO page.
    await page.goto(`${baseUrl}/vocal-tracks`);
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.close();
  });

  it('the landing FAQ keeps one answer open, at most 200 px tall; /faq opens items independently', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/landing#support`);
    const support = page.getByRole('heading', { level: 2, name: 'Questions and support' });
    await support.waitFor();
    // Opened at #support, the page scrolled there once it was drawn.
    expect(await support.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(800);

    const first = page.getByRole('button', { name: 'What is Woodshed?' });
    const second = page.getByRole('button', { name: 'What is a credit?' });
    const expanded = async () => page.locator('#support button[aria-expanded="true"]').allInnerTexts();
    expect(await expanded()).toEqual([]);

    await first.click();
    expect(await expanded()).toEqual(['What is Woodshed?']);
    const answer = page.getByRole('region', { name: 'What is Woodshed?' });
    expect(await answer.isVisible()).toBe(true);
    expect(await answer.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('200px');

    await second.click();
    expect(await expanded()).toEqual(['What is a credit?']);
    expect(await answer.isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'What is a credit?' }).innerText()).toContain('10,485,760 bytes');
    await fullPageScreenshot(page, 'public-landing-faq-open');

    await second.click();
    expect(await expanded()).toEqual([]);

    await page.goto(`${baseUrl}/faq`);
    for (const category of ['Getting Started', 'Backing Tracks', 'Practice & Features', 'Quality & Technology', 'Pricing & Credits', 'Use Cases']) {
      await page.getByRole('heading', { level: 2, name: category, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'What is a stem?' }).click();
    await page.getByRole('button', { name: 'How do I make a drumless, bassless or guitarless track?' }).click();
    expect(await page.locator('button[aria-expanded="true"]').allInnerTexts()).toEqual([
      'What is a stem?',
      'How do I make a drumless, bassless or guitarless track?',
    ]);
    await page.getByRole('button', { name: 'What is a stem?' }).click();
    expect(await page.locator('button[aria-expanded="true"]').allInnerTexts()).toEqual(['How do I make a drumless, bassless or guitarless track?']);
    await page.close();
  });

  it("the newsletter refuses an address without '@' with the spec's toast and sends nothing", async () => {
    const page = await browser.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/mailing-list/subscribe') calls.push(request.url());
    });
    await page.goto(`${baseUrl}/landing`);
    await page.getByLabel('Email address').fill('drummer.example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect(await toastTitled(page, 'Invalid Email')).toEqual({ description: 'Please enter a valid email address.', variant: 'destructive' });
    expect(calls).toEqual([]);
    await page.close();
  });

  it('the legal pages state the figures of spec 001, section 9', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/privacy-policy`);
    const privacy = await page.locator('main').innerText();
    for (const figure of [
      'Effective date: October 16, 2025',
      'not for children under 13',
      'up to 16',
      'for as long as your account exists, plus 30 days',
      'between 30 and 90 days',
      'until 90 days after we confirm a deletion request',
      'Backups: up to 90 days',
      'We answer within 45 days',
      'extend this by another 45 days',
    ]) {
      expect(privacy, figure).toContain(figure);
    }
    expect(await page.locator('time').getAttribute('datetime')).toBe('2025-10-16');

    await page.goto(`${baseUrl}/terms-of-use`);
    const terms = await page.locator('main').innerText();
    for (const figure of [
      'Effective date: October 16, 2025',
      'at least 13 years old',
      'the greater of $100 or the amount you paid us in the 12 months',
      'within 30 days of the day you first use',
      'Subscriptions renew automatically',
      'Nevada',
      '$15 per month or $160 per year',
      '$5 for 100 credits',
    ]) {
      expect(terms, figure).toContain(figure);
    }

    await page.goto(`${baseUrl}/legal/subprocessors`);
    const rows = await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((cell) => (cell as HTMLElement).innerText)));
    expect(rows.map((row) => row[0])).toEqual(['Cloud hosting', 'Serverless PostgreSQL host', 'Transactional e-mail', 'Payment processing', 'Cloud object storage']);
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(['United States']));
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
