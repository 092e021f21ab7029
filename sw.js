/* Jaipur service worker: after the first visit the game plays offline.
   It lives at the site root because a worker only controls pages at or below its own folder.
   assets/vendor/precache.js (written by serve.py, served live in development) lists every file
   of the site, the sha256 of each and a hash of them all. Each version caches into its own cache, named by
   that hash: a page is served from one version only, never a mix. A new version installs beside the old one
   and waits; the page says an update is ready, and the player's "Reload" (a "skip-waiting" message) lets it
   take over, drop the old cache and reload the page. The very first install takes over at once.
   A release heals itself: a copy is cached only when its bytes match the release's hash, and every page
   load has the worker check its cached copies again (in the background) and fetch anew any that does not
   match, so a cache broken on disk is whole again by the next reload. */
importScripts("./assets/vendor/precache.js");

const { version, files, hashes } = self.JAIPUR_PRECACHE;
const PREFIX = `jaipur:${self.registration.scope}:`;
const CACHE = PREFIX + version;
const HEAL_EVERY_MS = 10000;  // a burst of navigations (an explainer page's frames) checks the cache once
const HEAL_DELAY_MS = 3000;   // after a page load, once Python has started: the check never slows a boot
let lastHeal = 0;
let healing = null;

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const sha256 = async (response) => hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
const matches = async (url, response) => !hashes || !hashes[url] || (await sha256(response)) === hashes[url];

/* The file from the network, kept only when its bytes are the release's (one more try if not). */
async function fetchVerified(url) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await fetch(new Request(url, { cache: "no-cache" }));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    if (await matches(url, response)) return response;
  }
  throw new Error(`${url} does not match this release`);
}

async function store(cache, url) {
  await cache.put(url, await fetchVerified(url));
}

/* Check every cached copy against the release's hashes; fetch again what is missing or does not match.
   Returns the number of files it repaired. Offline, what cannot be fetched stays as it is. */
async function heal() {
  const cache = await caches.open(CACHE);
  let repaired = 0;
  for (const url of files) {
    const hit = await cache.match(url);
    if (hit && hit.ok && (await matches(url, hit))) continue;
    try {
      await store(cache, url);
      repaired += 1;
    } catch (err) {
      console.warn("Jaipur could not repair a cached file:", err.message);
    }
  }
  return repaired;
}

function healSoon() {
  const now = Date.now();
  if (healing || now - lastHeal < HEAL_EVERY_MS) return healing || Promise.resolve(0);
  lastHeal = now;
  healing = heal().finally(() => { healing = null; });
  return healing;
}

self.addEventListener("install", (event) => {
  const first = !self.registration.active;  // nothing to mix with yet: take over as soon as the files are in
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => Promise.all(files.map((url) => store(cache, url))))
      .then(() => (first ? self.skipWaiting() : undefined)),
  );
});

self.addEventListener("message", (event) => {
  if (!event.data) return;
  if (event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data.type === "heal") {  // the page's "Repair and reload": check every file now, then answer
    lastHeal = 0;
    event.waitUntil(healSoon().then((repaired) => event.source && event.source.postMessage({ type: "healed", repaired })));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/* Cache first for same-origin GETs; a page URL matches whatever its query string (?opponent=…).
   A file outside the precache list (an example page, the benchmark's bare page) is cached on first use.
   A page load also starts a background check of the cache (at most every HEAL_EVERY_MS). */
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.waitUntil(new Promise((resolve) => setTimeout(resolve, HEAL_DELAY_MS)).then(healSoon));
  }
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  }));
});
