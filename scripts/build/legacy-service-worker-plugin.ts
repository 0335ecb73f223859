import type { Plugin } from 'vite';

/** Where the service worker lives (spec 001, 9: GET /service-worker.js). */
export const serviceWorkerFileName = 'service-worker.js';

/**
 * Vite plugin: writes /sw.js (the worker's path before decision 0060) as a one-line worker that runs
 * the current one; without it, browsers registered there would keep the old app for good.
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
