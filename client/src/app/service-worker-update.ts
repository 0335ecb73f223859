/**
 * The new version of the app the service worker found (decision 0026: checked every 60 s), as a
 * tiny store the notice subscribes to. A new worker waits (no skipWaiting) until the musician
 * chooses to reload: the page never reloads by itself, least of all in the middle of a song.
 */

let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaitingWorker(worker: ServiceWorker): void {
  if (waitingWorker === worker) return;
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

/** Subscribes to news of a waiting version (useSyncExternalStore's subscribe). */
export function subscribeToNewVersion(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** True once a new version is installed and waiting for this page to reload into it. */
export function hasNewVersion(): boolean {
  return waitingWorker !== null;
}

/**
 * Watches `registration` for a new version: one already waiting (found by an earlier visit or
 * another tab), or one the 60 s check installs while the page is open. A worker that installs
 * while none is active yet is the first install, not a new version, and is not reported.
 */
export function watchForNewVersion(registration: ServiceWorkerRegistration): void {
  const followInstall = (installing: ServiceWorker | null) => {
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.active) setWaitingWorker(installing);
    });
  };
  if (registration.waiting && registration.active) setWaitingWorker(registration.waiting);
  followInstall(registration.installing);
  registration.addEventListener('updatefound', () => followInstall(registration.installing));
}

/**
 * 'Reload': tells the waiting worker to take over (Workbox's generated worker skips waiting on
 * the SKIP_WAITING message), then reloads once it is active, so the page loads the new version.
 * When another tab already activated it, this just reloads.
 */
export function reloadIntoNewVersion(): void {
  const worker = waitingWorker;
  if (!worker || worker.state === 'activated' || worker.state === 'redundant') {
    window.location.reload();
    return;
  }
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated') reloadOnce();
  });
  navigator.serviceWorker.addEventListener('controllerchange', reloadOnce);
  worker.postMessage({ type: 'SKIP_WAITING' });
}
