// The service worker's logic (challenges/views/app.py serves it from the site's root,
// after CACHE, PRECACHE, OFFLINE_PAGE and STATIC_PREFIX).
//
// - Static files are named by their content: kept at install, served from the cache
//   first (a name never changes its bytes).
// - Pages and the catalog: the network first, so an online reader always gets today's;
//   kept as they come, and served from the cache when the network fails. A page never
//   kept shows the offline page, which says what plays offline.
// - The API is never kept: a ranked run needs the server.

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function fromCacheFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) {
    const cache = await caches.open(CACHE);
    cache.put(request, answer.clone());
  }
  return answer;
}

async function fromNetworkFirst(request) {
  try {
    const answer = await fetch(request);
    if (answer.ok && answer.type === "basic") {
      const cache = await caches.open(CACHE);
      cache.put(request, answer.clone());
    }
    return answer;
  } catch (failure) {
    const kept = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    if (request.mode === "navigate") {
      const offline = await caches.match(OFFLINE_PAGE);
      if (offline) return offline;
    }
    throw failure;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) {
    return;
  }
  if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(fromCacheFirst(request));
  } else {
    event.respondWith(fromNetworkFirst(request));
  }
});
