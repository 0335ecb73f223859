import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster';
import { pageHeadOwnsTitle } from '../lib/page-head/use-page-head';
import type { RouteHandle } from './route-handle';

/** The top route: keeps the tab title in step with the deepest route and draws the toasts, which outlive the screen that raised them. */
export function RootLayout() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((candidate) => candidate !== undefined)
    .at(-1);

  // Drops the pre-rendered page (decision 0060) and its head tags in the frame the app draws its first screen, so nothing blinks.
  useLayoutEffect(() => {
    document.getElementById('prerendered')?.remove();
    for (const tag of Array.from(document.head.querySelectorAll('[data-prerendered]'))) tag.remove();
    // index.html's description, which a page leaving the head to the shell expects to find.
    for (const meta of Array.from(document.head.querySelectorAll('meta[data-index-content]'))) {
      meta.setAttribute('content', meta.getAttribute('data-index-content') ?? '');
      meta.removeAttribute('data-index-content');
    }
  }, []);

  useEffect(() => {
    // A public page that writes its own head (lib/page-head) names the tab itself.
    if (pageHeadOwnsTitle()) return;
    document.title = title ? `${title} · Woodshed` : 'Woodshed';
  }, [title]);

  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
