import { watchForNewVersion } from './service-worker-update';

export const SERVICE_WORKER_UPDATE_CHECK_MS = 60_000;

/** Registers the build's service worker (decisions 0026, 0060) after load and checks for updates every 60 s; a new version waits for the notice. Production builds only. */
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
