// sw.js -- the service worker: the app from one versioned cache, so it loads and solves offline.
//
// build.py replaces the two lines marked BUILD below with the cache name (derived from the content of
// everything in dist/) and the precache list: [path, sha256] for every file the app needs.
// * install: fetch every listed file, check its sha256 (so a deploy that lands mid-install cannot
//   give us a mix of two versions), store them all in CACHE; any failure fails the install.
// * the new worker then WAITS: the page shows "update ready" and posts {type: "SKIP_WAITING"} when
//   the person accepts; the page reloads on controllerchange.
// * activate: delete every other cache of this app.
// * fetch: same-origin GETs are answered from CACHE only (never from another version's cache);
//   files not in the precache list (e.g. pattern databases, fetched on first use) are fetched and
//   added to CACHE, so they too work offline afterwards.  Navigations get the cached index.html.

const CACHE_PREFIX = "puzzlesolver-";
const CACHE = "puzzlesolver-dev"; // BUILD: cache name
const PRECACHE = []; // BUILD: precache list

const scopeUrl = new URL(self.registration ? self.registration.scope : "./", self.location.href);

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function precacheOne(cache, path, sha256) {
  const url = new URL(path, scopeUrl);
  const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
  if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
  const body = await response.clone().arrayBuffer();
  if (sha256 && hex(await crypto.subtle.digest("SHA-256", body)) !== sha256) {
    throw new Error(`precache: ${path} is not the version this service worker belongs to`);
  }
  await cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const queue = PRECACHE.slice();
    const runners = Array.from({ length: 4 }, async () => {
      while (queue.length) {
        const [path, sha256] = queue.shift();
        await precacheOne(cache, path, sha256);
      }
    });
    try {
      await Promise.all(runners);
    } catch (error) {
      await caches.delete(CACHE);
      throw error;
    }
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "SKIP_WAITING") self.skipWaiting();
  else if (data.type === "VERSION" && event.source) event.source.postMessage({ type: "VERSION", cache: CACHE });
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

function isNavigation(request) {
  return request.mode === "navigate" || (request.headers.get("accept") || "").includes("text/html");
}

async function respond(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  let key = request;
  if (isNavigation(request) && url.pathname.startsWith(scopeUrl.pathname) &&
      (url.pathname.endsWith("/") || url.pathname.endsWith("/index.html"))) {
    key = new URL("index.html", scopeUrl).href;
  }
  const cached = await cache.match(key, { ignoreSearch: true });
  if (cached) return cached;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    return new Response("Offline, and this file was not saved for offline use.", {
      status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (response.ok && response.type === "basic" && !url.search) {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(scopeUrl.pathname)) return;
  if (url.pathname === new URL("sw.js", scopeUrl).pathname) return;
  event.respondWith(respond(request));
});
