/**
 * The door page's service worker (public/check-in-sw.js, issue 19): registered from the check-in
 * page only, with the scope /check-in, so the rest of the app keeps loading as before.
 */
export function registerDoorWorker() {
  linkManifest();
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .register('/check-in-sw.js', { scope: '/check-in' })
    .then(async (registration) => {
      // Not `serviceWorker.ready`: this page may have been loaded at another path (the event
      // page) and opened here in the app, and `ready` waits for a worker of that first path.
      const worker = await activated(registration);
      // The files this page loaded before the worker took over: cached now for a reload offline.
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith('/assets/'));
      worker?.postMessage({ type: 'cache', files });
    })
    .catch(() => undefined);
}

function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker || worker.state === 'activated') return Promise.resolve(worker);
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(worker);
      if (worker.state === 'redundant') resolve(registration.active);
    });
  });
}

const LAST_EVENT_KEY = 'bpw.checkIn.lastEvent';

export function rememberDoorEvent(eventId: string) {
  try {
    localStorage.setItem(LAST_EVENT_KEY, eventId);
  } catch {
    // Private mode: the installed app starts at the event list instead.
  }
}

/** Read the last event the door page was opened for (the installed app's start page). */
export function lastDoorEvent() {
  try {
    return localStorage.getItem(LAST_EVENT_KEY);
  } catch {
    return null;
  }
}

/** The web app manifest makes the door page installable; linked from the check-in pages only. */
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/check-in-manifest.webmanifest';
  document.head.append(link);
}
