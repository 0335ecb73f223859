import type { Plugin } from 'vite';

/** Where the service worker lives (spec 001, 9: GET /service-worker.js). */
export const serviceWorkerFileName = 'service-worker.js';

/** Vite plugin: /sw.js, the old worker path, runs the current worker so old registrations update. */
export function legacyServiceWorkerPlugin(): Plugin {
  return {
    name: 'woodshed-legacy-service-worker',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: `importScripts('/${serviceWorkerFileName}');\n` });
    },
  };
}
