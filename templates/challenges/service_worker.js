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

// ------------------------------------------------------------------ reminders
// A push is a reminder's catalog key, its values, the subscriber's language and the
// page to open (docs/reminders.md). The words are here, said through that language's
// catalog (/jsi18n/worker/<language>.json, cut to this file's messages), kept for a
// push that comes while offline; without one, the English below.

// Each reminder's words, given the catalog's gettext and interpolate and its values.
const REMINDER_WORDS = {
  new_challenge: (gettext, interpolate, values) => ({
    title: gettext("A new challenge is open"),
    body: interpolate(gettext("Challenge %(number)s is dealt: the same tiles for everyone."), values),
  }),
  streak_ending: (gettext) => ({
    title: gettext("Your streak ends in an hour"),
    body: gettext("Play this challenge before it closes to keep your streak."),
  }),
};

async function reminderCatalog(language) {
  const address = `/jsi18n/worker/${encodeURIComponent(language)}.json`;
  try {
    const answer = await fetch(address);
    if (answer.ok) {
      const cache = await caches.open(CACHE);
      cache.put(address, answer.clone());
      return (await answer.json()).catalog ?? {};
    }
  } catch (failure) {
    // Offline: the catalog kept last time, else English.
  }
  const kept = await caches.match(address);
  return kept ? ((await kept.json()).catalog ?? {}) : {};
}

function reminderWords(key, catalog, values) {
  const said = (msgid) => {
    const text = catalog[msgid];
    return typeof text === "string" ? text : Array.isArray(text) ? text[0] : msgid;
  };
  const filled = (text, named) => text.replace(/%\((\w+)\)s/g, (whole, name) => (name in named ? String(named[name]) : whole));
  return REMINDER_WORDS[key](said, filled, values);
}

/** The notification a push says: its title and options; null for a key it does not know. */
async function reminderNotification(data) {
  if (!Object.hasOwn(REMINDER_WORDS, data.key)) return null;
  const said = reminderWords(data.key, await reminderCatalog(data.lang ?? "en"), data.values ?? {});
  return {
    title: said.title,
    options: { body: said.body, lang: data.lang, tag: data.key, icon: PRECACHE.find((path) => path.includes("/icons/icon-192")), data: { url: data.url ?? "/" } },
  };
}

self.addEventListener("push", (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch (failure) {
    data = null;
  }
  if (!data) return;
  event.waitUntil(
    reminderNotification(data).then((shown) => shown && self.registration.showNotification(shown.title, shown.options)),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      const same = open.find((client) => new URL(client.url).pathname === target.pathname);
      return same ? same.focus() : self.clients.openWindow(target.href);
    }),
  );
});
