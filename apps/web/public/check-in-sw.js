/* global self, caches */
/*
 * The door page's service worker (issue 19, docs/decisions/tickets-check-in.md). Hand-written and
 * served as is from /check-in-sw.js, scope /check-in: only the check-in pages are controlled.
 * Pages: network first, the last good copy of the app's page when offline. /assets/*: their
 * names carry their content hash, so a cached copy is always right. The API is never cached
 * here: the page keeps the event's list and its queued check-ins in IndexedDB.
 */
const CACHE = 'bpw-check-in-v1';
const SHELL = '/check-in/__shell';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['/check-in-manifest.webmanifest', '/favicon.svg']))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function keepShell(cache) {
  const response = await fetch('/check-in', { credentials: 'same-origin' });
  if (response.ok) await cache.put(SHELL, response);
}

/** The page names the files it loaded before this worker took over. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache' || !Array.isArray(data.files)) return;
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all([
          keepShell(cache).catch(() => undefined),
          ...data.files
            .filter(
              (file) => typeof file === 'string' && new URL(file, self.location.origin).pathname.startsWith('/assets/'),
            )
            .map((file) => cache.match(file).then((hit) => hit || cache.add(file).catch(() => undefined))),
        ]),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(SHELL, copy)));
          }
          return response;
        })
        .catch(() => caches.match(SHELL).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg' || url.pathname.endsWith('.webmanifest')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});
