import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { paths } from '../routes/paths';
import { renderAppRoute } from './render-app-route';
import type { RenderedAppRoute } from './render-app-route';

/** A public page of spec 001, 2.4-2.5: its path, its one main heading and its tab title. */
export interface PublicPageFacts {
  path: string;
  heading: string;
  title: string;
}

/** Every path a public page may link to inside the site: the public pages themselves. */
const publicPaths = new Set<string>([
  paths.landing,
  paths.drumlessTracks,
  paths.basslessTracks,
  paths.guitarlessTracks,
  paths.vocalTracks,
  paths.faq,
  paths.features,
  paths.about,
  paths.privacyPolicy,
  paths.termsOfUse,
  paths.subprocessors,
  paths.login,
  paths.verifySignIn,
  paths.privacyRequests,
]);

/** The labels of the calls to action on the public pages; each must lead to /login. */
export const callToActionLabels: ReadonlySet<string> = new Set([
  'Login',
  'Start Free Trial',
  'Start Practising Free',
  'Start for Free',
  'Go Pro',
  'Get Started',
  'Get Started Free',
  'Create Your Free Account',
]);

/** The page's links, as href and text. */
export function linksOf(root: ParentNode): Array<{ href: string; text: string }> {
  return Array.from(root.querySelectorAll('a[href]')).map((anchor) => ({ href: anchor.getAttribute('href') ?? '', text: anchor.textContent.trim() }));
}

/**
 * Renders `page` through the app's route table and checks what the page itself draws and writes:
 * one main heading (no design canvas around it), the tab title, the description, canonical link,
 * Open Graph and Twitter tags and JSON-LD on this document's origin, and links that stay on the
 * public site, go to /login or write to the support address (support@ the site's domain, decision
 * 0034), with every call to action going to /login. What only the served page shows (the app's
 * head replacing the server's pre-rendered one, the preview picture) is left to the browser tests.
 */
export async function expectPublicPage(page: PublicPageFacts): Promise<RenderedAppRoute> {
  const rendered = await renderAppRoute(page.path);
  // By tag, not by role: the accessible-name work of a role query over a whole page is slow in jsdom.
  expect(Array.from(rendered.container.querySelectorAll('h1, [role="heading"][aria-level="1"]')).map((heading) => heading.textContent)).toEqual([page.heading]);
  expect(screen.queryByTestId('design-canvas')).toBeNull();

  const { head } = document;
  const content = (selector: string) => head.querySelector(selector)?.getAttribute('content') ?? null;
  const url = `${window.location.origin}${page.path}`;
  expect(document.title).toBe(page.title);
  const descriptions = head.querySelectorAll('meta[name="description"]');
  expect(descriptions).toHaveLength(1);
  const description = content('meta[name="description"]') ?? '';
  expect(description.length).toBeGreaterThan(70);
  expect(description.length).toBeLessThanOrEqual(200);
  expect(Array.from(head.querySelectorAll('link[rel="canonical"]')).map((link) => link.getAttribute('href'))).toEqual([url]);
  expect(content('meta[property="og:title"]')).toBe(page.title);
  expect(content('meta[property="og:url"]')).toBe(url);
  expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(document.querySelectorAll('script[type="application/ld+json"]').length).toBeGreaterThan(0);

  const links = linksOf(rendered.container);
  const callsToAction = links.filter((link) => callToActionLabels.has(link.text));
  expect(callsToAction.length).toBeGreaterThan(0);
  expect(callsToAction.filter((link) => link.href !== paths.login)).toEqual([]);
  const supportMail = `mailto:support@${window.location.hostname}`;
  expect(links.filter((link) => !link.href.startsWith('#') && !publicPaths.has(link.href) && link.href !== supportMail)).toEqual([]);
  // An in-page link names an element of this page.
  for (const link of links.filter((candidate) => candidate.href.startsWith('#'))) {
    expect(rendered.container.querySelectorAll(link.href), link.href).toHaveLength(1);
  }
  return rendered;
}

/** The FAQ question button under `root` whose text is `question` (by text: role queries are slow over a whole page). */
export function faqQuestion(root: ParentNode, question: string): HTMLButtonElement {
  const button = Array.from(root.querySelectorAll<HTMLButtonElement>('button[aria-controls]')).find((candidate) => candidate.textContent === question);
  if (button === undefined) throw new Error(`no FAQ question '${question}'`);
  return button;
}

/** The answer of `question`: the region its button controls. */
export function faqAnswer(root: ParentNode, question: string): HTMLElement {
  const answer = document.getElementById(faqQuestion(root, question).getAttribute('aria-controls') ?? '');
  if (answer === null) throw new Error(`no answer to '${question}'`);
  return answer;
}

/** The texts of the FAQ questions under `root` that are open. */
export function openQuestions(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll('button[aria-expanded="true"]')).map((button) => button.textContent);
}
