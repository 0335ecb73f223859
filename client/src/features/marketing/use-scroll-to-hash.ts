import { useEffect } from 'react';

/**
 * Scrolls to the element the address's #fragment names once the page has rendered: opened as
 * /landing#pricing, the browser looked for #pricing before the app drew it, and found nothing.
 */
export function useScrollToHash(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id !== '') document.getElementById(id)?.scrollIntoView();
  }, []);
}
