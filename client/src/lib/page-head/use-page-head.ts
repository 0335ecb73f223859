import { createContext, useContext, useEffect } from 'react';
import { pageHeadTags } from './page-head';
import type { PageHead, PageHeadTags } from './page-head';

// Marks what this module added, so cleanup removes exactly that and never index.html's own tags.
const OWNED = 'data-page-head';

let pagesNamingTheTitle = 0;

/** The origin pre-rendered pages are written on (decision 0060); the server puts its PUBLIC_URL there. */
export const PRERENDER_ORIGIN = 'https://prerender.woodshed.invalid';

/** Set while the build pre-renders a page: receives its head. */
export const PrerenderHead = createContext<((head: PageHead) => void) | null>(null);

/** True while a mounted page manages the head: the shell's route-title effect leaves the title alone. */
export function pageHeadOwnsTitle(): boolean {
  return pagesNamingTheTitle > 0;
}

/**
 * Writes a public page's head tags while it is mounted, updating index.html's own in place, and
 * puts back what was there on unmount. Not React 19's hoisted tags: those duplicate index.html's.
 */
export function usePageHead(head: PageHead): void {
  const prerender = useContext(PrerenderHead);
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

/** Sets `attribute` on the head element `selector` finds or creates; returns the undo. */
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
