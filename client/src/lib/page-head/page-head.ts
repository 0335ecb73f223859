/** A public page's head for search engines and link previews: title, description, canonical address, Open Graph, Twitter card and JSON-LD; `use-page-head.ts` writes it. */

/** The brand every title ends with. */
export const SITE_NAME = 'Woodshed';

/** The head of one public page. */
export interface PageHead {
  /** The page's own title, without the brand ('Drumless Tracks for Drummers'). */
  title: string;
  /** One or two sentences, ideally 70 to 160 characters: what a search result shows under the title. */
  description: string;
  /** The page's path ('/faq'): the canonical link and og:url are this path on the site's origin. */
  path: string;
  /** Open Graph type: the home page is a 'website', the others are 'article'. */
  type?: 'website' | 'article';
  /** Schema.org objects for the site at `origin`, each written as its own application/ld+json script. */
  structuredData?: (origin: string) => readonly object[];
}

/** A meta tag keyed by `name` (description, twitter:*) or by `property` (og:*). */
export interface MetaTag {
  key: 'name' | 'property';
  value: string;
  content: string;
}

/** The tags {@link pageHeadTags} derives from a {@link PageHead}. */
export interface PageHeadTags {
  documentTitle: string;
  canonicalUrl: string;
  metas: MetaTag[];
  /** Serialised JSON-LD documents, safe to place inside a script element. */
  jsonLd: string[];
}

/** The document title: the page's title and the brand, or the brand alone for the home page. */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
}

/** JSON for a script element, `<` escaped so '</script>' cannot close it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The tags of `head` on the site at `origin` (e.g. 'https://woodshed.example', no trailing slash). */
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

/** The link preview picture (client/public/social-card.png, 1200x630). */
export const SOCIAL_IMAGE_PATH = '/social-card.png';
const SOCIAL_IMAGE_ALT = 'Woodshed: practise with the band. Mute your part, play it yourself. Drums, bass, guitar, keys, vocals, FX.';
