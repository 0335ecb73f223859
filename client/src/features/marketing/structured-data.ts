/** Schema.org JSON-LD for the public pages (spec 001, 2.4), with no ratings or reviews: Woodshed has none. */
import { SITE_NAME } from '../../lib/page-head/page-head';
import type { FaqItem } from './faq-content';
import { pricingPlans, PRO_YEARLY_PRICE } from './pricing-plans';

const context = 'https://schema.org';

export function organization(origin: string): object {
  return {
    '@context': context,
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: SITE_NAME,
    url: `${origin}/landing`,
    logo: `${origin}/social-card.png`,
    address: { '@type': 'PostalAddress', addressRegion: 'NV', addressCountry: 'US' },
  };
}

export function webApplication(origin: string): object {
  const offers = pricingPlans.map((plan) => ({
    '@type': 'Offer',
    name: plan.name,
    price: plan.price.toFixed(2),
    priceCurrency: 'USD',
    description: plan.note,
    url: `${origin}/landing#pricing`,
  }));
  offers.push({
    '@type': 'Offer',
    name: 'Pro (yearly)',
    price: PRO_YEARLY_PRICE.toFixed(2),
    priceCurrency: 'USD',
    description: 'Pro billed once a year. Renews automatically; cancel any time.',
    url: `${origin}/landing#pricing`,
  });
  return {
    '@context': context,
    '@type': 'WebApplication',
    name: SITE_NAME,
    url: `${origin}/landing`,
    applicationCategory: 'MultimediaApplication',
    operatingSystem: 'Any (runs in a web browser)',
    description:
      'Practise with songs split into stems (drums, bass, guitar, keys, vocals and effects): mute, solo or set the volume of each instrument, follow word-synced karaoke lyrics and a chord strip.',
    publisher: { '@id': `${origin}/#organization` },
    offers,
  };
}

export function faqPage(items: readonly FaqItem[]): object {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function webPage(origin: string, page: { name: string; description: string; path: string }): object[] {
  const url = `${origin}${page.path}`;
  return [
    {
      '@context': context,
      '@type': 'WebPage',
      name: page.name,
      description: page.description,
      url,
      isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${origin}/landing` },
    },
    {
      '@context': context,
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: SITE_NAME, item: `${origin}/landing` },
        { '@type': 'ListItem', position: 2, name: page.name, item: url },
      ],
    },
  ];
}
