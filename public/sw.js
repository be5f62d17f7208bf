/*
 * Trevo's service worker: the site installs on a phone and opens offline into a clear "sem conexão"
 * page. It caches static files only. Nothing under /api, the socket, the PSP or /dev is ever
 * touched: balances, bets and payments always come from the server, never from a cache.
 */
// v2: v1 could hold a page stored under a missing chunk's name (the server answered it with
// index.html); a new name drops that cache on activation.
const CACHE = 'trevo-static-v2';
const OFFLINE = '/offline.html';
const PRECACHE = [OFFLINE, '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'];
const NEVER = ['/api/', '/gamecenter-siop', '/sandbox-psp/', '/pix/', '/dev/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Built files carry a content hash in their name: once fetched they never change. */
async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // Only the file itself: a page answered for a script or an image is never kept.
  const isPage = (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (response.ok && !isPage) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** Pages always come from the network (a new build is seen at once); offline, the "sem conexão" page. */
async function page(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(cacheFirst(request));
  }
});
