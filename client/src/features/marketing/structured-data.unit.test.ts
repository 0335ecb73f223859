import { describe, expect, it } from 'vitest';
import { faqItem } from './faq-content';
import { pricingPlans } from './pricing-plans';
import { faqPage, webApplication, webPage } from './structured-data';

const origin = 'https://woodshed.example';

describe('webApplication', () => {
  it('offers exactly the prices the pricing section shows, plus the yearly plan', () => {
    const app = webApplication(origin) as { offers: Array<{ name: string; price: string; priceCurrency: string }> };
    expect(app.offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ['Free', '0.00', 'USD'],
      ['Pro', '15.00', 'USD'],
      ['Credit Pack', '5.00', 'USD'],
      ['Pro (yearly)', '160.00', 'USD'],
    ]);
    expect(pricingPlans.map((plan) => plan.price)).toEqual([0, 15, 5]);
  });
});

describe('faqPage', () => {
  it('holds each question with its answer', () => {
    const item = faqItem('what-is-a-credit');
    expect(faqPage([item])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } }],
    });
  });
});

describe('webPage', () => {
  it('places the page under the landing page in its breadcrumb', () => {
    const [page, breadcrumb] = webPage(origin, { name: 'FAQ', description: 'Answers.', path: '/faq' }) as [
      { url: string },
      { itemListElement: Array<{ position: number; item: string }> },
    ];
    expect(page.url).toBe('https://woodshed.example/faq');
    expect(breadcrumb.itemListElement.map((entry) => [entry.position, entry.item])).toEqual([
      [1, 'https://woodshed.example/landing'],
      [2, 'https://woodshed.example/faq'],
    ]);
  });
});
