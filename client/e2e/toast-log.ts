import type { BrowserContext, Page } from 'playwright-core';

/** A toast as it was drawn: the page shows one at a time and each lives a few seconds. */
export interface ToastSeen {
  title: string;
  description: string;
  variant: string | null;
  /** Milliseconds since the page's navigation started. */
  at: number;
}

declare global {
  interface Window {
    __toastsSeen?: ToastSeen[];
    /** How many of `__toastsSeen` a test has waited for already (sign-in-flow.ts, `toastTitled`). */
    __toastsTaken?: number;
  }
}

/**
 * Has every page of `context` write down each toast the moment it is drawn, so a test that waited for
 * one in vain can say which ones came and went instead (a toast replaced by the next, say).
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: ToastSeen[] = [];
    window.__toastsSeen = seen;
    const note = (toast: Element) => {
      const texts = toast.querySelectorAll('p');
      seen.push({
        title: texts[0]?.textContent ?? '',
        // As drawn (innerText), as a test reading the screen would compare it.
        description: (texts[1] as HTMLElement | undefined)?.innerText ?? '',
        variant: toast.getAttribute('data-variant'),
        at: Math.round(performance.now()),
      });
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of Array.from(mutation.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const toast = node.matches('[data-testid="toast"]') ? node : node.querySelector('[data-testid="toast"]');
          if (toast) note(toast);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The toasts this page has drawn since it was last loaded, oldest first (none if it was not recorded). */
export async function toastsSeen(page: Page): Promise<ToastSeen[]> {
  return page.evaluate(() => window.__toastsSeen ?? []).catch(() => []);
}
