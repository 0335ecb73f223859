import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { AboutScreen } from './about-screen';
import { FaqScreen } from './faq-screen';
import { FeaturesScreen } from './features-screen';
import { LandingScreen } from './landing-screen';
import { SeoLandingScreen } from './seo-landing-screen';

// support@ the site's own domain: here the test document's host.
const address = () => `support@${window.location.hostname}`;

async function footerContact(): Promise<HTMLElement> {
  const footer = await screen.findByRole('contentinfo');
  return within(footer).getByRole('link', { name: address() });
}

describe("the marketing pages' contact address", () => {
  const pages: Array<[string, ReactNode]> = [
    ['/landing', <LandingScreen key="landing" />],
    ['/faq', <FaqScreen key="faq" />],
    ['/features', <FeaturesScreen key="features" />],
    ['/about', <AboutScreen key="about" />],
    ['/drumless-tracks', <SeoLandingScreen key="drumless" kind="drumless" />],
  ];

  for (const [path, page] of pages) {
    it(`is in the footer of ${path}, as a mailto link`, async () => {
      expect(window.location.hostname).not.toBe('');
      renderScreen(page, path);
      expect((await footerContact()).getAttribute('href')).toBe(`mailto:${address()}`);
    });
  }

  it("is in the landing page's support section", async () => {
    const { container } = renderScreen(<LandingScreen />, '/landing');
    await footerContact();
    const support = container.querySelector<HTMLElement>('#support');
    expect(support).not.toBeNull();
    expect(within(support!).getByRole('link', { name: address() }).getAttribute('href')).toBe(`mailto:${address()}`);
  });
});
