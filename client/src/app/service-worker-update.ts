/** The new app version the service worker found, as a tiny store; it waits until the musician reloads, so the page never reloads mid-song. */

let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaitingWorker(worker: ServiceWorker): void {
  if (waitingWorker === worker) return;
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

export function subscribeToNewVersion(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function hasNewVersion(): boolean {
  return waitingWorker !== null;
}

/** Reports a waiting worker, or one installed while the page is open; the very first install is not a new version. */
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

/** Tells the waiting worker to skip waiting, then reloads once it is active (or at once, if another tab activated it). */
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
