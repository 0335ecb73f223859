import { createContext, useContext, useEffect } from 'react';
import { pageHeadTags } from './page-head';
import type { PageHead, PageHeadTags } from './page-head';

// Marks what this module added, so cleanup removes exactly that and never index.html's own tags.
const OWNED = 'data-page-head';

let pagesNamingTheTitle = 0;

/** Public pages are pre-rendered on this origin (decision 0060); the server puts its PUBLIC_URL in its place. */
export const PRERENDER_ORIGIN = 'https://prerender.woodshed.invalid';

/** Set only while the build pre-renders a page: receives the page's head as it renders. */
export const PrerenderHead = createContext<((head: PageHead) => void) | null>(null);

/** True while a mounted page manages the head, so the shell's route title leaves document.title alone. */
export function pageHeadOwnsTitle(): boolean {
  return pagesNamingTheTitle > 0;
}

/** Writes a page's head tags while mounted and restores the previous ones after, updating existing tags in place (not React 19's hoisting, which would duplicate index.html's description). */
export function usePageHead(head: PageHead): void {
  const prerender = useContext(PrerenderHead);
  // Rendering at build time (no window): the page says what its head is, for the page's HTML file.
  prerender?.(head);
  const tags = pageHeadTags(head, typeof window === 'undefined' ? PRERENDER_ORIGIN : window.location.origin);
  // One string as the dependency: a new object literal each render must not re-apply the head.
  const signature = JSON.stringify(tags);
  useEffect(() => applyTags(JSON.parse(signature) as PageHeadTags), [signature]);
}

function applyTags(tags: PageHeadTags): () => void {
  const restores: Array<() => void> = [];
  const previousTitle = document.title;
  document.title = tags.documentTitle;
  pagesNamingTheTitle += 1;
  restores.push(() => {
    pagesNamingTheTitle -= 1;
    document.title = previousTitle;
  });

  for (const meta of tags.metas) {
    restores.push(setAttributeOn(`meta[${meta.key}="${meta.value}"]`, 'meta', { [meta.key]: meta.value }, 'content', meta.content));
  }
  restores.push(setAttributeOn('link[rel="canonical"]', 'link', { rel: 'canonical' }, 'href', tags.canonicalUrl));

  for (const json of tags.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute(OWNED, '');
    script.textContent = json;
    document.head.append(script);
    restores.push(() => script.remove());
  }
  return () => {
    for (const restore of restores.reverse()) restore();
  };
}

/** Sets `attribute` on the head element `selector` finds (creating it when missing); returns the undo. */
function setAttributeOn(selector: string, tagName: 'meta' | 'link', identity: Record<string, string>, attribute: string, value: string): () => void {
  const existing = document.head.querySelector(selector);
  if (existing !== null) {
    const before = existing.getAttribute(attribute);
    existing.setAttribute(attribute, value);
    return () => {
      if (before === null) existing.removeAttribute(attribute);
      else existing.setAttribute(attribute, before);
    };
  }
  const element = document.createElement(tagName);
  for (const [name, identityValue] of Object.entries(identity)) element.setAttribute(name, identityValue);
  element.setAttribute(attribute, value);
  element.setAttribute(OWNED, '');
  document.head.append(element);
  return () => element.remove();
}
