import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster';
import { pageHeadOwnsTitle } from '../lib/page-head/use-page-head';
import type { RouteHandle } from './route-handle';

/**
 * The top route: keeps the browser tab title in step with the deepest route that names one, and
 * draws the toasts, which outlive the screen that raised them (sign-in toasts survive the redirect).
 */
export function RootLayout() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((candidate) => candidate !== undefined)
    .at(-1);

  // A pre-rendered public page (decision 0060) shows the server's copy of the page until the app
  // draws its first screen; both go in the same frame, so nothing blinks. Its head tags go too:
  // the screen writes its own (use-page-head.ts), and a page navigated to later must not keep them.
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
