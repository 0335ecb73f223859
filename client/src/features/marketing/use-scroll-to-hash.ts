import { useEffect } from 'react';

/** Scrolls to the #fragment once the page has rendered: the browser looked before the app drew it. */
export function useScrollToHash(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id !== '') document.getElementById(id)?.scrollIntoView();
  }, []);
}
