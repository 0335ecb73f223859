import { describe, expect, it } from 'vitest';
import { faqCategories, faqItem, landingFaqIds } from './faq-content';

describe('faqCategories', () => {
  it('are the six categories of spec 001, 2.5, in its order, none empty', () => {
    expect(faqCategories.map((category) => category.title)).toEqual([
      'Getting Started',
      'Backing Tracks',
      'Practice & Features',
      'Quality & Technology',
      'Pricing & Credits',
      'Use Cases',
    ]);
    for (const category of faqCategories) expect(category.items.length, category.title).toBeGreaterThan(0);
  });

  it('give every item a unique, URL-safe id (the accordion derives element ids from it)', () => {
    const ids = [...faqCategories.map((category) => category.id), ...faqCategories.flatMap((category) => category.items.map((item) => item.id))];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('state the spec figures where they answer pricing questions', () => {
    expect(faqItem('what-is-a-credit').answer).toContain('10,485,760 bytes');
    expect(faqItem('free-credits').answer).toContain('200 credits a month');
    expect(faqItem('run-out').answer).toContain('100 credits for $5');
    expect(faqItem('what-does-pro-cost').answer).toContain('$15 a month or $160 a year');
    expect(faqItem('how-do-i-sign-up').answer).toContain('6-digit code');
  });
});

describe('faqItem', () => {
  it('finds every question the landing page shows', () => {
    expect(landingFaqIds.map((id) => faqItem(id).id)).toEqual([...landingFaqIds]);
  });

  it('refuses an unknown id', () => {
    expect(() => faqItem('no-such-question')).toThrow(RangeError);
  });
});
