import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { PrivacyPolicyScreen } from './privacy-policy-screen';
import { SubprocessorsScreen } from './subprocessors-screen';
import { TermsOfUseScreen } from './terms-of-use-screen';

// support@ the site's own domain: here the test document's host.
const address = () => `support@${window.location.hostname}`;

describe("the legal documents' contact address", () => {
  const documents: Array<[string, ReactNode, { contactSection: boolean }]> = [
    ['/privacy-policy', <PrivacyPolicyScreen key="privacy" />, { contactSection: true }],
    ['/terms-of-use', <TermsOfUseScreen key="terms" />, { contactSection: true }],
    ['/legal/subprocessors', <SubprocessorsScreen key="subprocessors" />, { contactSection: false }],
  ];

  for (const [path, document, { contactSection }] of documents) {
    it(`is in the footer of ${path}${contactSection ? ' and in its Contact section' : ''}`, async () => {
      expect(window.location.hostname).not.toBe('');
      const { container } = renderScreen(document, path);
      const footer = await screen.findByRole('contentinfo');
      expect(within(footer).getByRole('link', { name: address() }).getAttribute('href')).toBe(`mailto:${address()}`);
      if (!contactSection) return;
      const contact = container.querySelector<HTMLElement>('section#contact');
      expect(contact).not.toBeNull();
      expect(within(contact!).getByRole('link', { name: address() }).getAttribute('href')).toBe(`mailto:${address()}`);
    });
  }
});
