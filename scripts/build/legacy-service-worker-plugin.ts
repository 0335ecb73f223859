import type { Plugin } from 'vite';

/** Where the service worker lives (spec 001, 9: GET /service-worker.js). */
export const serviceWorkerFileName = 'service-worker.js';

/**
 * Vite plugin: writes /sw.js, where builds before decision 0060 put the worker, as a one-line
 * worker that runs the current one. A browser holding the old registration checks /sw.js for
 * updates; were it gone, the check would fail and that browser would keep the old worker (and the
 * old app from its precache) for good. With this file it updates, and the new page then moves the
 * registration to /service-worker.js.
 */
export function legacyServiceWorkerPlugin(): Plugin {
  return {
    name: 'woodshed-legacy-service-worker',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: `importScripts('/${serviceWorkerFileName}');\n` });
    },
  };
}
