// worker.js -- the only place Python runs: a module Web Worker that boots Pyodide, installs the project's
// wheel (no micropip: the wheel is fetched and unpacked into site-packages) and answers the page.
//
// The protocol (ops, answers, fields) is described once, in the docstring of pysrc/puzzlesolver/webapi.py:
// every answer is made by puzzlesolver.webapi.call (JSON in, JSON out).  This file only moves messages,
// runs solves a slice at a time (so a cancel is seen between slices), fetches the data files the engine
// asks for, and adds its own messages: {type: "ready", info, bootMs} once, {type: "fatal", message} if
// booting failed, and {id, type: "loading", url, loaded, total} while a data file downloads.

import { loadPyodide } from "./pyodide/pyodide.mjs";

const ROOT = new URL("./", import.meta.url);
const SLICE_MS = 60;          // aim for slices this long: progress stays lively, cancel stays prompt
const JOB_OPS = new Set(["solve_board", "solve_words", "resume"]);

let call = null;              // puzzlesolver.webapi.call, once booted
let deployed = {};            // build.json's files: {path: {sha256, size}}
const cancelled = new Set();  // ids the page cancelled while their job runs
let running = null;           // id of the solve being advanced
const jobs = [];              // solves waiting for the running one to stop
let draining = false;

const post = (message) => self.postMessage(message);

// A zero-delay yield to the event loop, so messages from the page (cancel) are handled between slices.
const channel = new MessageChannel();
const wakeups = [];
channel.port1.onmessage = () => wakeups.shift()();
const yieldToEvents = () => new Promise((resolve) => { wakeups.push(resolve); channel.port2.postMessage(0); });

async function fetchBytes(url, onProgress) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch ${url.pathname || url}: HTTP ${response.status}`);
  // With Content-Encoding, Content-Length counts compressed bytes, not the ones we read: no total then.
  const total = response.headers.get("Content-Encoding") ? 0 : Number(response.headers.get("Content-Length")) || 0;
  if (!response.body || !onProgress) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let loaded = 0;
  let lastReport = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    if (performance.now() - lastReport > 100) { lastReport = performance.now(); onProgress(loaded, total); }
  }
  onProgress(loaded, total);
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.length; }
  return bytes;
}

async function sha256Hex(bytes) {
  if (!crypto.subtle) return null;  // not a secure context: nothing to check with
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function boot() {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const timings = {};  // ms since the worker started, for each stage of the boot (shown in devtools, measured by tests)
  const manifestPromise = fetch(new URL("build.json", ROOT), { cache: "no-cache" }).then((r) => r.json());
  const pyodidePromise = loadPyodide({
    indexURL: new URL("pyodide/", ROOT).href, stdout: (s) => console.log(s), stderr: (s) => console.warn(s),
  }).then((py) => { timings.pyodide = since(); return py; });
  const manifest = await manifestPromise;
  timings.manifest = since();
  deployed = manifest.files || {};
  if (!manifest.wheel) throw new Error("the build has no puzzlesolver wheel (run python3 build.py)");
  const wheel = await fetchBytes(new URL(manifest.wheel, ROOT));
  const digest = await sha256Hex(wheel);
  if (digest && manifest.wheel_sha256 && digest !== manifest.wheel_sha256) {
    throw new Error("the puzzlesolver wheel does not match build.json (a stale cache?); reload the page");
  }
  timings.wheel = since();
  const pyodide = await pyodidePromise;
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  const webapi = pyodide.pyimport("puzzlesolver.webapi");
  call = (message) => JSON.parse(webapi.call(JSON.stringify(message)));
  self.__pyodide = pyodide;  // for debugging in devtools only
  const info = call({ op: "info" });
  timings.imported = since();
  post({ type: "ready", info, bootMs: since(), timings, build: manifest.build_id });
}

// Write data files the engine asked for (word lists, pattern databases) into the Pyodide file system.
async function fetchFiles(id, files) {
  const FS = self.__pyodide.FS;
  for (const file of files) {
    const url = new URL(file.url, ROOT);
    const bytes = await fetchBytes(url, (loaded, total) => post({ id, type: "loading", url: file.url, loaded, total }));
    FS.mkdirTree(file.path.slice(0, file.path.lastIndexOf("/")));
    FS.writeFile(file.path, bytes);
  }
}

async function answer(message) {
  const { id } = message;
  let reply = call(message);
  if (reply.type === "fetch") {
    // Fetch what this build has; tell the engine which files it does not have, so it does without them.
    const present = reply.files.filter((f) => f.url in deployed);
    const unavailable = reply.files.filter((f) => !(f.url in deployed)).map((f) => f.url);
    await fetchFiles(id, present);
    reply = call({ ...message, unavailable });
    if (reply.type === "fetch") {
      reply = { id, type: "error", field: "internal", message: `data files still missing: ${reply.files.map((f) => f.url).join(", ")}` };
    }
  }
  if (reply.type !== "started") { post(reply); return; }
  // A job: advance it a slice at a time until it ends, yielding between slices.
  running = id;
  let expansions = 200;
  try {
    for (;;) {
      await yieldToEvents();
      if (cancelled.has(id)) { post(call({ id, op: "cancel" })); return; }
      const began = performance.now();
      reply = call({ id, op: "advance", max_expansions: expansions });
      const took = performance.now() - began;
      // Adapt the slice so that it takes about SLICE_MS (within a factor of 4 per step).
      expansions = Math.max(50, Math.round(expansions * Math.min(4, Math.max(0.25, SLICE_MS / Math.max(took, 1)))));
      post(reply);
      if (reply.type !== "progress") return;
    }
  } finally {
    running = null;
    cancelled.delete(id);
  }
}

async function drainJobs() {
  if (draining) return;
  draining = true;
  try {
    while (jobs.length) {
      const message = jobs.shift();
      if (cancelled.has(message.id)) {  // cancelled (or replaced) before it started
        cancelled.delete(message.id);
        post({ id: message.id, type: "result", status: "cancelled", moves: null, message: "cancelled" });
        continue;
      }
      await answerSafely(message);
    }
  } finally {
    draining = false;
  }
}

async function answerSafely(message) {
  try {
    await answer(message);
  } catch (error) {
    post({ id: message.id, type: "error", field: "internal", message: String((error && error.message) || error) });
  }
}

const booted = boot().then(() => true, (error) => {
  post({ type: "fatal", message: `the solver could not start: ${(error && error.message) || error}` });
  return false;
});

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.op === "cancel") {
    const ids = message.id === undefined || message.id === null ? [running, ...jobs.map((m) => m.id)] : [message.id];
    for (const id of ids) if (id !== null && id !== undefined) cancelled.add(id);
    return;
  }
  if (JOB_OPS.has(message.op)) {
    // One solve at a time: a new one replaces the running one and any still waiting.
    for (const id of [running, ...jobs.map((m) => m.id)]) if (id !== null) cancelled.add(id);
    jobs.push(message);
  }
  if (!(await booted)) {
    post({ id: message.id, type: "error", field: "worker", message: "the solver could not start" });
    return;
  }
  if (JOB_OPS.has(message.op)) drainJobs();
  else answerSafely(message);  // quick calls are answered at once, between the slices of a running solve
};
