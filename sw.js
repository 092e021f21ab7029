/* Jaipur service worker: after the first visit the game plays offline.
   It lives at the site root because a worker only controls pages at or below its own folder.
   assets/vendor/precache.js (written by serve.py, served live in development) lists every file
   of the site and a hash of their contents. Each version caches into its own cache, named by that hash:
   a page is served from one version only, never a mix. A new version installs beside the old one and
   waits; the page says an update is ready, and the player's "Reload" (a "skip-waiting" message) lets it
   take over, drop the old cache and reload the page. The very first install takes over at once. */
importScripts("./assets/vendor/precache.js");

const { version, files } = self.JAIPUR_PRECACHE;
const PREFIX = `jaipur:${self.registration.scope}:`;
const CACHE = PREFIX + version;

self.addEventListener("install", (event) => {
  const first = !self.registration.active;  // nothing to mix with yet: take over as soon as the files are in
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(files.map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => (first ? self.skipWaiting() : undefined)),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/* Cache first for same-origin GETs; a page URL matches whatever its query string (?opponent=…).
   A file outside the precache list (an example page, the benchmark's bare page) is cached on first use. */
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  }));
});
