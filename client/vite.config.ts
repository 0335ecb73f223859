import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The build's own steps live in scripts/build (type-checked with Node's types there); this config
// runs in Node at build time, never in the browser, so the client's import fence does not apply.
// eslint-disable-next-line import-x/no-restricted-paths
import { landingPreloadPlugin } from '../scripts/build/landing-preload-plugin';
// eslint-disable-next-line import-x/no-restricted-paths
import { precompressPlugin } from '../scripts/build/precompress-plugin';
// eslint-disable-next-line import-x/no-restricted-paths
import { prerenderPlugin } from '../scripts/build/prerender-plugin';
// eslint-disable-next-line import-x/no-restricted-paths
import { routeManifestPlugin } from '../scripts/build/route-manifest-plugin';
// eslint-disable-next-line import-x/no-restricted-paths
import { shellPrecache } from '../scripts/build/shell-precache-plugin';
// eslint-disable-next-line import-x/no-restricted-paths
import { legacyServiceWorkerPlugin, serviceWorkerFileName } from '../scripts/build/legacy-service-worker-plugin';

// The config lives in client/ but npm scripts run from the repository root, so the root is pinned
// here rather than taken from the working directory.
const clientRoot = fileURLToPath(new URL('.', import.meta.url));

// `npm start` serves the API on port 3000; the dev server forwards API calls there so the browser
// sees one origin and the session cookie just works.
const apiProxy = { '/api': { target: 'http://localhost:3000' } };

const themeColour = '#0e1014';

// The service worker (decisions 0026 and 0060), at /service-worker.js (spec 001, 9), precaches the
// app shell only: the page, the entry and its styles, the icons, the landing page's chunks and
// what opens the library offline. Every other hashed chunk is cached the first time a page asks for
// it (they never change under one name). It never caches the API (sessions, sync, stem audio all
// live under /api) and answers navigations with the cached page except to the API and the
// server-written robots.txt and sitemap.xml. A new version waits until every tab of the old one
// is closed (no skipWaiting): a running page keeps the chunks it was built with. The first worker
// takes charge of the page that installed it (clientsClaim), so what that visit loads afterwards
// is cached too.
const precache = shellPrecache([
  '/client/src/features/marketing/landing-screen.tsx',
  '/client/src/app/workspace.tsx',
  '/client/src/lib/db/local-database.ts',
]);

const serviceWorker = VitePWA({
  registerType: 'prompt',
  filename: serviceWorkerFileName,
  // client/src/app/register-service-worker.ts registers it on load and checks every 60 s.
  injectRegister: false,
  manifest: {
    name: 'Woodshed',
    short_name: 'Woodshed',
    description: 'Practise with songs split into instrument stems, right in your browser.',
    start_url: '/library',
    scope: '/',
    display: 'standalone',
    background_color: themeColour,
    theme_color: themeColour,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2}'],
    // The pre-rendered pages are for the first visit and link previews; offline, index.html draws them.
    globIgnores: ['**/*.br', '**/*.gz', 'social-card.png', 'sw.js', 'prerendered/**'],
    manifestTransforms: [precache.manifestTransform],
    // The audio decoders' WebAssembly makes some chunks large; those the shell needs must fit.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/robots\.txt$/, /^\/sitemap\.xml$/],
    clientsClaim: true,
    runtimeCaching: [
      {
        // Same-origin only (a regular expression matches other origins only from their start).
        urlPattern: /\/assets\/[^/]+$/,
        handler: 'CacheFirst',
        options: { cacheName: 'woodshed-chunks', expiration: { maxEntries: 300, purgeOnQuotaError: true } },
      },
    ],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  root: clientRoot,
  plugins: [react(), routeManifestPlugin(), landingPreloadPlugin(), precache.plugin, legacyServiceWorkerPlugin(), prerenderPlugin(), serviceWorker, precompressPlugin()],
  // One stylesheet for the whole app (12 KB gzipped), loaded with the page: a screen's chunk then
  // never waits for its own CSS file before it can render (the landing page's LCP, decision 0027).
  build: { outDir: 'dist', emptyOutDir: true, cssCodeSplit: false },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
