// What a public page tells search engines and link previews; use-page-head.ts writes the tags.


export const SITE_NAME = 'Woodshed';

export interface PageHead {
  /** The page's own title, without the brand ('Drumless Tracks for Drummers'). */
  title: string;
  /** Ideally 70 to 160 characters. */
  description: string;
  /** The page's path ('/faq'). */
  path: string;
  /** Open Graph type: the home page is a 'website', the others are 'article'. */
  type?: 'website' | 'article';
  /** Schema.org objects, each written as its own JSON-LD script. */
  structuredData?: (origin: string) => readonly object[];
}

interface MetaTag {
  key: 'name' | 'property';
  value: string;
  content: string;
}

export interface PageHeadTags {
  documentTitle: string;
  canonicalUrl: string;
  metas: MetaTag[];
  /** Serialised JSON-LD documents, safe to place inside a script element. */
  jsonLd: string[];
}

/** The page's title and the brand, or the brand alone. */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
}

/** JSON for a script element: `<` escaped, so '</script>' cannot close it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The tags of `head` on the site at `origin` (no trailing slash). */
export function pageHeadTags(head: PageHead, origin: string): PageHeadTags {
  const title = documentTitle(head.title);
  const canonicalUrl = new URL(head.path, origin).toString();
  const imageUrl = new URL(SOCIAL_IMAGE_PATH, origin).toString();
  const metas: MetaTag[] = [
    { key: 'name', value: 'description', content: head.description },
    { key: 'property', value: 'og:site_name', content: SITE_NAME },
    { key: 'property', value: 'og:type', content: head.type ?? 'article' },
    { key: 'property', value: 'og:title', content: title },
    { key: 'property', value: 'og:description', content: head.description },
    { key: 'property', value: 'og:url', content: canonicalUrl },
    { key: 'property', value: 'og:image', content: imageUrl },
    { key: 'property', value: 'og:image:alt', content: SOCIAL_IMAGE_ALT },
    { key: 'name', value: 'twitter:card', content: 'summary_large_image' },
    { key: 'name', value: 'twitter:title', content: title },
    { key: 'name', value: 'twitter:description', content: head.description },
    { key: 'name', value: 'twitter:image', content: imageUrl },
  ];
  return { documentTitle: title, canonicalUrl, metas, jsonLd: (head.structuredData?.(origin) ?? []).map(scriptSafeJson) };
}

/** The link previews' picture, 1200x630 as Open Graph and large Twitter cards expect. */
const SOCIAL_IMAGE_PATH = '/social-card.png';
const SOCIAL_IMAGE_ALT = 'Woodshed: practise with the band. Mute your part, play it yourself. Drums, bass, guitar, keys, vocals, FX.';
