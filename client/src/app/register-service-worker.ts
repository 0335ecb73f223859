import { watchForNewVersion } from './service-worker-update';

/** Spec 001, 4 and 9: the service worker is checked for a new version every 60 s. */
export const SERVICE_WORKER_UPDATE_CHECK_MS = 60_000;

/**
 * Registers the service worker the build writes (/service-worker.js, vite-plugin-pwa; decisions 0026 and 0060) once
 * the page has loaded, so it never competes with the first screen for the network, and asks for
 * an update every 60 s. A check that fails (offline) is simply tried again next time. A new version
 * it finds waits, and the new-version notice offers to reload into it (service-worker-update.ts).
 * Only the production build has a worker: the dev server serves none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/service-worker.js', { scope: '/' })
      .then((registration) => {
        watchForNewVersion(registration);
        setInterval(() => {
          registration.update().catch(() => undefined);
        }, SERVICE_WORKER_UPDATE_CHECK_MS);
      })
      .catch((error: unknown) => console.warn('The service worker could not be registered; the app works without it, but not offline.', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
