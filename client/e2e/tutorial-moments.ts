import type { Page } from 'playwright-core';

/** When things happened in the page, on its own clock (ms): see {@link recordMoments}. */
export interface TutorialMoments {
  loaded?: number;
  'tutorial-choice'?: number;
  'tutorial-drums'?: number;
  picked?: number;
}

/** Notes on the page's clock when the song loaded (its toast), the choice and drums tutorials first show, and an option is picked. */
export async function recordMoments(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const moments: Record<string, number> = {};
    (window as unknown as { moments: Record<string, number> }).moments = moments;
    new MutationObserver(() => {
      const now = performance.now();
      const toasts = Array.from(document.querySelectorAll('[data-testid="toast"]'));
      if (moments.loaded === undefined && toasts.some((toast) => toast.textContent?.includes('Song loaded successfully'))) moments.loaded = now;
      for (const id of ['tutorial-choice', 'tutorial-drums']) if (moments[id] === undefined && document.querySelector(`[data-testid="${id}"]`)) moments[id] = now;
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('click', (event) => {
      if ((event.target as Element).closest?.('[aria-label="Practice options"]')) moments.picked = performance.now();
    }, true);
  });
}

/** The moments {@link recordMoments} noted so far. */
export const tutorialMoments = (page: Page): Promise<TutorialMoments> => page.evaluate(() => (window as unknown as { moments: TutorialMoments }).moments);
