// sw.js -- the service worker: the app from one versioned cache, so it loads and solves offline.
//
// Not one of the page's modules: a classic script in its own global scope, importing nothing of the page.
// It sits at the site's root, apart from the page's folders (core/, play/, solve/, learn/, worker/),
// because a service worker controls only its own folder and below, and this one must control "/".
//
// build.py replaces the lines marked BUILD below with the cache name (derived from the content of
// everything in dist/), the precache list ([path, sha256] for every file the app needs at once) and
// the runtime list (large files cached on first use: the 4x4 pattern databases, the large word list).
// * install: get every listed file, check its sha256 (so a deploy that lands mid-install cannot give
//   us a mix of two versions), store them all in CACHE; any failure fails the install.  Files whose
//   sha256 did not change are copied from the previous version's cache, and files the page has just
//   downloaded come from the HTTP cache, so nothing is downloaded twice.
// * the new worker then WAITS: the page shows "update ready" and posts {type: "SKIP_WAITING"} when
//   the person accepts; the page reloads on controllerchange.
// * activate: delete every other cache of this app, keep the runtime files the tab already downloaded
//   (they are in the HTTP cache), and take control of the open tab at once -- its page and its solver
//   worker -- so everything works offline in the tab that first loaded the app, without a reload.
// * fetch: same-origin GETs are answered from CACHE only (never from another version's cache);
//   files of the runtime list are fetched on first use, checked against their sha256 and added to
//   CACHE, so they too work offline afterwards (and an update carries them over when unchanged).
//   Anything else goes to the network untouched.  Navigations get the cached index.html.
// * late tables (tables.json lists them: the 15-puzzle's and the 24-puzzle's, which the server may build
//   after the site is up, so they are in none of the lists above): the worker asks for them as pdb/<file>?sha256=<hex>; they are
//   kept in TABLES, a cache of their own that outlives versions, by that sha256 -- a table is the same
//   table in any version that lists the same sha256, and a different one never answers for it.
//   tables.json itself comes from the network, else the last copy kept in TABLES.  A table the solver
//   worker downloaded before this worker controlled the tab, the solver worker keeps in TABLES itself.

const CACHE_PREFIX = "puzzlesolver-";
const CACHE = "puzzlesolver-dev"; // BUILD: cache name
const PRECACHE = []; // BUILD: precache list
const RUNTIME = []; // BUILD: runtime list
const SITE_HEADERS = {}; // BUILD: headers

const TABLES = "puzzlesolver-tables";   // late tables, by sha256 (see above)
const runtimeSha = new Map(RUNTIME);
const scopeUrl = new URL(self.registration ? self.registration.scope : "./", self.location.href);

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

const SHA_HEADER = "x-puzzlesolver-sha256";

// The body we store is already decoded: drop the transfer's encoding and length.
function storedHeaders(response) {
  const headers = new Headers(response.headers);
  headers.delete("content-encoding");
  headers.delete("content-length");
  return headers;
}

// A file this version needs: reuse it from an older version's cache when its sha256 is the same (an
// update then downloads only what changed), else fetch it and check its sha256 before storing it.
async function precacheOne(cache, path, sha256, older) {
  const url = new URL(path, scopeUrl);
  for (const old of older) {
    const hit = await old.match(url);
    if (hit && sha256 && hit.headers.get(SHA_HEADER) === sha256) {
      await cache.put(url, hit);
      return;
    }
  }
  // The page has usually just downloaded the file (the service worker is registered once the solver is
  // up): take the browser's HTTP cache copy when its sha256 is right, else download it afresh.
  let response, body;
  for (const mode of ["force-cache", "reload"]) {
    response = await fetch(url, { cache: mode, credentials: "same-origin" });
    body = response.ok ? await response.arrayBuffer() : null;
    if (body && (!sha256 || hex(await crypto.subtle.digest("SHA-256", body)) === sha256)) break;
    body = null;
  }
  if (!body) throw new Error(`precache: ${path} is not the version this service worker belongs to (${response.status})`);
  const headers = storedHeaders(response);
  if (sha256) headers.set(SHA_HEADER, sha256);
  await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const older = await Promise.all((await caches.keys())
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.open(name)));
    const queue = PRECACHE.slice();
    const runners = Array.from({ length: 4 }, async () => {
      while (queue.length) {
        const [path, sha256] = queue.shift();
        await precacheOne(cache, path, sha256, older);
      }
    });
    try {
      await Promise.all(runners);
      for (const [path, sha256] of RUNTIME) {             // carry over what was fetched on first use
        const url = new URL(path, scopeUrl);
        for (const old of older) {
          const hit = await old.match(url);
          if (hit && hit.headers.get(SHA_HEADER) === sha256) { await cache.put(url, hit); break; }
        }
      }
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
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE && name !== TABLES) await caches.delete(name);
    }
    await keepDownloadedRuntimeFiles();
    await respondTablesList(new Request(new URL("tables.json", scopeUrl)));   // a copy for offline use
    await self.clients.claim();
  })());
});

// The runtime files the tab fetched before this worker controlled it: from the HTTP cache only, never
// from the network (only-if-cached), and only this version's bytes.
async function keepDownloadedRuntimeFiles() {
  const cache = await caches.open(CACHE);
  for (const [path] of RUNTIME) {
    const url = new URL(path, scopeUrl);
    if (await cache.match(url)) continue;
    try {
      await keepRuntimeFile(cache, path, await fetch(url, { cache: "only-if-cached", mode: "same-origin" }));
    } catch {
      // not downloaded yet: it is cached on first use instead
    }
  }
}

// Store a runtime file's response in the cache when it has this version's sha256; returns its body.
async function keepRuntimeFile(cache, path, response) {
  const body = await response.arrayBuffer();
  const headers = storedHeaders(response);
  const sha256 = runtimeSha.get(path);
  if (response.ok && hex(await crypto.subtle.digest("SHA-256", body)) === sha256) {
    headers.set(SHA_HEADER, sha256);
    await cache.put(new URL(path, scopeUrl), new Response(body.slice(0), { status: 200, headers }));
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}


// Store a late table when its bytes have the sha256 it was asked by (and drop other versions of the file);
// returns a response with its body either way.
async function keepTable(url, sha256, response) {
  const body = await response.arrayBuffer();
  const headers = storedHeaders(response);
  if (response.ok && hex(await crypto.subtle.digest("SHA-256", body)) === sha256) {
    const cache = await caches.open(TABLES);
    for (const old of await cache.keys()) {
      const oldUrl = new URL(old.url);
      if (oldUrl.pathname === url.pathname && oldUrl.searchParams.get("sha256") !== sha256) await cache.delete(old);
    }
    await cache.put(url, new Response(body.slice(0), { status: 200, headers }));
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

// tables.json: the network first (it grows while a server builds tables), else the last copy kept.
async function respondTablesList(request) {
  const cache = await caches.open(TABLES);
  const key = new URL("tables.json", scopeUrl);
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch {
    return (await cache.match(key)) || new Response("{}", { status: 503, headers: { "Content-Type": "application/json" } });
  }
}

async function respondTable(request, sha256) {
  const cached = await (await caches.open(TABLES)).match(request.url);
  if (cached) return cached;
  try {
    return await keepTable(new URL(request.url), sha256, await fetch(request));
  } catch {
    return new Response("Offline, and this table was not saved for offline use.", {
      status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

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
  const path = url.pathname.slice(scopeUrl.pathname.length);
  if (runtimeSha.has(path) && response.ok && response.type === "basic") return keepRuntimeFile(cache, path, response);
  return response;
}

// The site's headers (cross-origin isolation, the Content-Security-Policy: pysrc/buildtools/headers.py) on every
// response this worker gives, so that a static host that cannot set headers serves an isolated, protected page too
// (from the second load on: the first comes from the network, before this worker controls the tab).
function withSiteHeaders(response) {
  const missing = Object.entries(SITE_HEADERS).filter(([name]) => !response.headers.has(name));
  if (!missing.length || response.type !== "basic" && response.type !== "default") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of missing) headers.set(name, value);
  const empty = [204, 205, 304].includes(response.status);
  try {
    return new Response(empty ? null : response.body, { status: response.status, statusText: response.statusText, headers });
  } catch {
    return response;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(scopeUrl.pathname)) return;
  if (url.pathname === new URL("sw.js", scopeUrl).pathname) return;
  const sha256 = url.searchParams.get("sha256");
  if (url.pathname === new URL("tables.json", scopeUrl).pathname) event.respondWith(respondTablesList(request));
  else if (sha256 && url.pathname.startsWith(new URL("pdb/", scopeUrl).pathname)) event.respondWith(respondTable(request, sha256));
  else event.respondWith(respond(request).then(withSiteHeaders));
});
