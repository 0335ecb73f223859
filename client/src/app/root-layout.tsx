import { useEffect } from 'react';
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
