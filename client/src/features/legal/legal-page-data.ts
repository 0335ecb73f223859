import { SITE_NAME } from '../../lib/page-head/page-head';
import type { PageHead } from '../../lib/page-head/page-head';

export function legalPageData(title: string, description: string, path: string): PageHead {
  return {
    title,
    description,
    path,
    structuredData: (origin) => [
      {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: title,
        description,
        url: `${origin}${path}`,
        isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${origin}/landing` },
      },
    ],
  };
}
