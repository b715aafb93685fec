// worker/worker.js -- the solver's Python: a module Web Worker that boots Pyodide, installs the project's wheel (no
// micropip: python.js fetches the wheel and unpacks it into site-packages) and answers the page.  (The Code view
// runs a student's code in a worker of its own, code-worker.js.)
//
// The messages are declared once, in pysrc/puzzlesolver/protocol.json (served as protocol.json), and
// how they go together in the docstring of pysrc/puzzlesolver/webapi.py: every answer is made by
// puzzlesolver.webapi.call (JSON in, JSON out).  This file only moves messages: it fetches the data
// files a request asks for, and advances every running job a slice at a time, in turn, so that no call
// into Python holds the worker much longer than one slice and the jobs of the form, the game, the judge
// and the Learn view all move together.  Its own messages: {type: "ready", info, bootMs, took} once,
// {type: "fatal", message} if booting failed, {id, type: "loading", url, loaded, total} while a data
// file downloads, and an error when Python itself failed.  (How long its calls into Python took is the
// engine's to count and answer: the "stats" op.)

import { ROOT, fetchResponse, fromNetwork, fromOfflineCopy, readBytes, readStream, sha256Hex, startPython } from "./python.js";

const SLICE_MS = 50;          // each job's slice: progress stays lively, other requests wait at most this

let call = null;              // puzzlesolver.webapi.call, once booted
let deployed = {};            // build.json's files and tables.json's tables: {path: {sha256, size}}
let buildId = null;           // build.json's build_id: tables.json must name the same
let lateTables = new Set();   // the paths of build.json's "tables"
const running = [];           // ids of the jobs being advanced, a slice each in turn
const preparing = new Map();  // id -> {owner, cancelled}: requests still fetching their data files
let pumping = false;

const post = (message) => self.postMessage(message);

// A zero-delay yield to the event loop, so messages from the page are handled between slices.
const channel = new MessageChannel();
const wakeups = [];
channel.port1.onmessage = () => wakeups.shift()();
const yieldToEvents = () => new Promise((resolve) => { wakeups.push(resolve); channel.port2.postMessage(0); });

// A data file of this build, checked against the sha256 build.json gives it (so two versions never mix),
// or null when no copy can be had.  A late table (tables.json: the server may build them after the site
// is up) is asked for by its sha256, so that the offline copy the service worker keeps of it is the right
// one whatever the version of the rest.
async function dataFile(path, onProgress) {
  const url = new URL(path, ROOT);
  if (lateTables.has(path)) url.searchParams.set("sha256", deployed[path].sha256);
  for (const source of [fromNetwork, fromOfflineCopy]) {
    try {
      const response = await source(url);
      const bytes = response && await readBytes(response, onProgress);
      if (bytes && await isDeployed(path, bytes)) {
        if (lateTables.has(path)) await keepLateTable(url, bytes);
        return bytes;
      }
    } catch {
      // the download broke off: try the next source
    }
  }
  return null;
}

// A late table downloaded before the service worker controlled this tab is kept here, where the service
// worker looks for it (its cache of late tables, by sha256), so it too works offline without a reload.
const LATE_TABLES_CACHE = "puzzlesolver-tables";   // as in sw.js
async function keepLateTable(url, bytes) {
  if (!self.caches) return;
  try {
    const cache = await caches.open(LATE_TABLES_CACHE);
    if (await cache.match(url.href)) return;
    for (const old of await cache.keys()) {      // another version of the same file
      if (new URL(old.url).pathname === url.pathname) await cache.delete(old);
    }
    await cache.put(url.href, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    // storage full or denied: the table is still used, only not kept offline
  }
}

async function isDeployed(path, bytes) {
  const digest = await sha256Hex(bytes);
  return digest === null || digest === deployed[path].sha256;
}

async function boot() {
  const { pyodide, manifest, timings, since } = await startPython({
    onManifest: async (manifest) => {
      deployed = { ...manifest.files };
      buildId = manifest.build_id;
      await learnLateTables();
    },
  });
  const webapi = pyodide.pyimport("puzzlesolver.webapi");
  call = (message) => JSON.parse(webapi.call(JSON.stringify(message)));
  self.__pyodide = pyodide;  // for debugging in devtools only
  const info = call({ op: "info" });
  timings.imported = since();
  const bootMs = since();   // written by the engine's one rule for times (budget.took), as every answer's are
  const took = pyodide.pyimport("puzzlesolver.budget").took(bootMs / 1000);
  post({ type: "ready", info, bootMs, took, timings, build: manifest.build_id });
}

// Write the data files the engine asked for (word lists, pattern tables) into the Pyodide file system;
// return the urls that could not be had (not in this build, or offline and never saved).
async function fetchFiles(id, files) {
  const FS = self.__pyodide.FS;
  const missing = [];
  if (files.some((file) => !(file.url in deployed))) await learnLateTables();
  // One progress line for the request: the bytes of all its files, of their sizes in build.json (a server that
  // compresses on the fly sends no length the download could be measured against).
  const total = files.reduce((sum, file) => sum + (deployed[file.url]?.size || 0), 0);
  const loadedOf = new Map();
  const report = (url) => (loaded) => {
    loadedOf.set(url, loaded);
    post({ id, type: "loading", url, loaded: [...loadedOf.values()].reduce((sum, done) => sum + done, 0), total });
  };
  await Promise.all(files.map(async (file) => {   // side by side: the three 15-puzzle tables come at once
    const progress = report(file.url);
    const bytes = file.url in deployed ? await dataFile(file.url, progress) : null;
    if (!bytes) { missing.push(file.url); return; }
    // A .gz url for a path that is not: inflated here, in the browser's own code (a Python loop over
    // 173 MB of tables took seconds).
    const data = file.url.endsWith(".gz") && !file.path.endsWith(".gz") ? await inflate(bytes) : bytes;
    FS.mkdirTree(file.path.slice(0, file.path.lastIndexOf("/")));
    FS.writeFile(file.path, data);
  }));
  return missing;
}

function inflate(bytes) {
  return readStream(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")));
}

// The late tables (python3 build.py serve builds the 15-puzzle's and the 24-puzzle's in the background): tables.json, read at
// start and again when the engine asks for a file this worker does not know; taken if it is this build's.
async function learnLateTables() {
  try {
    const listed = await (await fetchResponse(new URL("tables.json", ROOT), { cache: "no-cache" })).json();
    if (listed.build_id !== buildId) return;   // a new deploy: the update banner takes it from here
    deployed = { ...deployed, ...listed.tables };
    for (const path of Object.keys(listed.tables || {})) lateTables.add(path);
  } catch {
    // offline and never saved, or the server is gone: what this worker knows is all there is
  }
}

// The engine's first answer to a request, after fetching the data files it asks for (a fallback may ask
// for others once the first cannot be had, so in rounds).  A request cancelled while its files were
// downloading, or still asking for files after four rounds, is dropped: the engine words its answer.
async function firstReply(message) {
  const unavailable = [];
  preparing.set(message.id, { owner: message.owner || "page", cancelled: false });
  try {
    for (let round = 0; round < 4; round++) {
      if (preparing.get(message.id).cancelled) return call({ id: message.id, op: "drop", why: "cancelled" });
      const reply = call(round ? { ...message, unavailable } : message);
      if (reply.type !== "fetch") return reply;
      unavailable.push(...await fetchFiles(message.id, reply.files));
    }
  } finally {
    preparing.delete(message.id);
  }
  return call({ id: message.id, op: "drop", why: "files" });
}

async function answer(message) {
  const reply = await firstReply(message);
  post(reply);
  if (reply.type === "started") {
    running.push(message.id);
    pump();
  }
}

// Advance the running jobs a slice each in turn, yielding between slices so that new requests and
// cancels are seen.
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (running.length) {
      await yieldToEvents();
      const id = running.shift();
      const reply = call({ id, op: "advance", slice_ms: SLICE_MS });
      post(reply);
      if (reply.type === "progress") running.push(id);
    }
  } finally {
    pumping = false;
  }
}

async function answerSafely(message) {
  try {
    await answer(message);
  } catch (error) {
    console.error(error);  // the details, for devtools; the page gets a sentence
    post({ id: message.id, type: "error", field: "internal",
      message: "The solver could not answer this request because of an internal error." });
  }
}

// A cancel reaches the requests still fetching their files here; the engine stops the running ones.
function cancel(message) {
  for (const [id, request] of preparing) {
    const named = message.job !== undefined && message.job !== null;
    if (named ? id === message.job : !message.owner || request.owner === message.owner) request.cancelled = true;
  }
  post(call(message));
}

const booted = boot().then(() => true, (error) => {
  console.error(error);
  post({ type: "fatal", message: `the solver could not start: ${error.message}` });
  return false;
});

self.onmessage = async (event) => {
  const message = event.data || {};
  if (!(await booted)) {
    post({ id: message.id, type: "error", field: "worker", message: "The solver could not start." });
    return;
  }
  if (message.op === "cancel") cancel(message);
  else answerSafely(message);  // quick requests are answered at once, between the slices of the running jobs
};
