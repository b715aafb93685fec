// worker/python.js -- what both Python workers share: the site's files, read from the network or else from the copy
// saved for offline use, and Python started with the project's wheel installed.  The solver's worker (worker.js)
// and the Code view's worker (code-worker.js) each import it; neither imports the other.
//
//   const { pyodide, manifest, timings } = await startPython({ onManifest: async (manifest) => { ... } });

import { loadPyodide } from "../pyodide/pyodide.mjs";

export const ROOT = new URL("../", import.meta.url);   // the site's root: this file is in worker/

// -- files: the network first (through the service worker once it controls this worker), else the copy
// saved for offline use, which this worker can read even before the service worker controls it.
export const fromNetwork = (url, init) => fetch(url, init).then((response) => (response.ok ? response : null), () => null);
export const fromOfflineCopy = async (url) => (self.caches ? (await caches.match(url)) || null : null);

export async function fetchResponse(url, init) {
  const response = (await fromNetwork(url, init)) || (await fromOfflineCopy(url));
  if (!response) throw new Error(`${url.pathname.split("/").pop()} could not be downloaded (is this device offline?)`);
  return response;
}

export async function readBytes(response, onProgress) {
  // With Content-Encoding, Content-Length counts compressed bytes, not the ones we read: no total then.
  const total = response.headers.get("Content-Encoding") ? 0 : Number(response.headers.get("Content-Length")) || 0;
  if (!response.body || !onProgress) return new Uint8Array(await response.arrayBuffer());
  let lastReport = 0;
  const bytes = await readStream(response.body, (loaded) => {
    if (performance.now() - lastReport > 100) { lastReport = performance.now(); onProgress(loaded, total); }
  });
  onProgress(bytes.length, total);
  return bytes;
}

// Every chunk of a stream, joined into one array; `onChunk(loaded)` after each.  (Reading the chunks
// ourselves measured about twice as fast as new Response(stream).arrayBuffer().)
export async function readStream(stream, onChunk = () => {}) {
  const reader = stream.getReader();
  const chunks = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onChunk(loaded);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.length; }
  return bytes;
}

export async function sha256Hex(bytes) {
  if (!crypto.subtle) return null;  // not a secure context: nothing to check with
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Pyodide booted on this build's standard library, with the project's wheel (build.json names it and its sha256)
 * unpacked into site-packages: {pyodide, manifest, timings}.  `onManifest(manifest)` runs once build.json is
 * read, while Pyodide is still loading; `stdout`/`stderr` receive Python's output, a line at a time.
 */
export async function startPython({ onManifest = async () => {}, stdout = (s) => console.log(s), stderr = (s) => console.warn(s) } = {}) {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const timings = {};  // ms since the start, for each stage of the boot (shown in devtools, measured by tests)
  const manifestPromise = fetchResponse(new URL("build.json", ROOT), { cache: "no-cache" }).then((r) => r.json());
  const pyodidePromise = loadPyodide({ indexURL: new URL("pyodide/", ROOT).href, stdout, stderr })
    .then((py) => { timings.pyodide = since(); return py; }, (error) => {
      console.error(error);  // the browser's words, for devtools; the page gets ours
      throw new Error("the Python runtime could not be loaded (is this device offline?)");
    });
  const manifest = await manifestPromise;
  timings.manifest = since();
  await onManifest(manifest);
  if (!manifest.wheel) throw new Error("the build has no puzzlesolver wheel (run python3 build.py)");
  const wheel = await readBytes(await fetchResponse(new URL(manifest.wheel, ROOT)));
  const digest = await sha256Hex(wheel);
  if (digest && manifest.wheel_sha256 && digest !== manifest.wheel_sha256) {
    throw new Error("the puzzlesolver wheel does not match build.json (a stale cache?)");
  }
  timings.wheel = since();
  const pyodide = await pyodidePromise;
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  timings.installed = since();
  return { pyodide, manifest, timings, since };
}
