import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { watchPageProblems } from './page-problems';

/** Issue 11: a contact address on the public pages and in the legal documents (decision 0034). */

const baseUrl = inject('baseUrl');
// support@ the site's own domain: here the test app's host.
const address = `support@${new URL(baseUrl).hostname}`;
const browser = browserPerFile();

describe('contact address', () => {
  it("shows support@ the site's domain in every public page's footer, the landing page's support section and the legal documents' Contact sections", async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    for (const path of ['/landing', '/faq', '/features', '/about', '/drumless-tracks', '/privacy-policy', '/terms-of-use', '/legal/subprocessors']) {
      await page.goto(`${baseUrl}${path}`);
      const footerLink = page.locator('footer').getByRole('link', { name: address, exact: true });
      await footerLink.waitFor();
      expect(await footerLink.getAttribute('href'), path).toBe(`mailto:${address}`);
    }

    await page.goto(`${baseUrl}/landing`);
    expect(await page.locator('#support').getByRole('link', { name: address, exact: true }).getAttribute('href')).toBe(`mailto:${address}`);
    for (const path of ['/privacy-policy', '/terms-of-use']) {
      await page.goto(`${baseUrl}${path}`);
      const contact = page.locator('section#contact');
      await contact.waitFor();
      expect(await contact.getByRole('link', { name: address, exact: true }).getAttribute('href'), path).toBe(`mailto:${address}`);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
