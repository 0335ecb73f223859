import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/routes/paths';
import { renderAppRoute, routerAt } from './render-app-route';
import { contentPages } from './testing/content-pages';
// The public screens' modules, loaded with this file: the routes' lazy imports then find them
// ready, as the browser finds a chunk in its cache, and a test's time is its own.
import '../features/auth/login-screen';
import '../features/legal/privacy-policy-screen';
import '../features/legal/subprocessors-screen';
import '../features/legal/terms-of-use-screen';
import '../features/marketing/about-screen';
import '../features/marketing/faq-screen';
import '../features/marketing/features-screen';
import '../features/marketing/landing-screen';
import '../features/marketing/seo-landing-screen';

/** Every path a public page may link to inside the site: the public pages themselves. */
const publicPaths = new Set<string>([...contentPages.map((page) => page.path), paths.login, paths.verifySignIn, paths.privacyRequests]);

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

// Elements by selector and text rather than by role: a role query computes the accessible name of
// every element of the page, which over a whole page is slow in jsdom.

/** The page's links, as href and text. */
function links(): Array<{ anchor: HTMLAnchorElement; href: string; text: string }> {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]')).map((anchor) => ({ anchor, href: anchor.getAttribute('href') ?? '', text: anchor.textContent.trim() }));
}

function callsToAction(): HTMLAnchorElement[] {
  return links()
    .filter((link) => callToActionLabels.has(link.text))
    .map((link) => link.anchor);
}

/** The texts of the page's main headings. */
function mainHeadings(): string[] {
  return Array.from(document.querySelectorAll('h1, [role="heading"][aria-level="1"]')).map((heading) => heading.textContent);
}

const headContent = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;

describe('the public pages, through the route table (spec 001, 2.4-2.5)', () => {
  it.each(contentPages)('$path: one main heading outside the design canvas, its head tags and links', async (page) => {
    await renderAppRoute(page.path);
    expect(mainHeadings()).toEqual([page.heading]);
    expect(document.querySelector('[data-testid="design-canvas"]')).toBeNull();

    // The head the page writes, on the origin it is served from (here the test document's).
    const url = `${window.location.origin}${page.path}`;
    expect(document.title).toBe(page.title);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    const description = headContent('meta[name="description"]') ?? '';
    expect(description.length).toBeGreaterThan(70);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(Array.from(document.head.querySelectorAll('link[rel="canonical"]')).map((link) => link.getAttribute('href'))).toEqual([url]);
    expect(headContent('meta[property="og:title"]')).toBe(page.title);
    expect(headContent('meta[property="og:url"]')).toBe(url);
    expect(headContent('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(document.querySelectorAll('script[type="application/ld+json"]').length).toBeGreaterThan(0);

    // Every link stays on the public site, goes to /login or writes to the support address
    // (support@ the site's domain, decision 0034); every call to action goes to /login.
    const all = links();
    const toAct = all.filter((link) => callToActionLabels.has(link.text));
    expect(toAct.length).toBeGreaterThan(0);
    expect(toAct.filter((link) => link.href !== paths.login).map((link) => link.text)).toEqual([]);
    const supportMail = `mailto:support@${window.location.hostname}`;
    expect(all.filter((link) => !link.href.startsWith('#') && !publicPaths.has(link.href) && link.href !== supportMail).map((link) => link.href)).toEqual([]);
    // An in-page link names an element of this page.
    for (const link of all.filter((candidate) => candidate.href.startsWith('#'))) {
      expect(document.querySelectorAll(link.href), link.href).toHaveLength(1);
    }
  });

  it('/landing has six calls to action: the header Login, the hero, three plans and the closing band', async () => {
    await renderAppRoute('/landing');
    expect(callsToAction()).toHaveLength(6);
  });

  // One render each: the click leaves the page.
  it.each([0, 1, 2, 3, 4, 5])('/landing: call to action %i opens the sign-in page', async (index) => {
    const { router } = await renderAppRoute('/landing');
    fireEvent.click(callsToAction()[index]!);
    await routerAt(router, '/login');
    expect(screen.getByText('Send Magic Link', { selector: 'button' })).toBeDefined();
  });

  it("/vocal-tracks: the header's Start Free Trial opens the sign-in page", async () => {
    const { router } = await renderAppRoute('/vocal-tracks');
    fireEvent.click(screen.getByText('Start Free Trial', { selector: 'a' }));
    await routerAt(router, '/login');
    expect(screen.getByText('Send Magic Link', { selector: 'button' })).toBeDefined();
  });
});
