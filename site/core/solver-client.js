// core/solver-client.js -- the page's side of the worker: ids, promises, progress, cancel, and a new worker
// (worker/worker.js) when the old one dies.  No DOM.  Views do not use it directly: they run jobs (job.js).
//
//   const solver = new SolverClient();
//   solver.addEventListener("status", (e) => e.detail.state);   // "booting" | "ready" | "died" | "fatal"
//   const asked = solver.request("solve_board", { board: "8 1 3\n4 0 2\n7 6 5", owner: "form" }, (p) => p.expanded);
//   solver.cancel(asked.id);       // one request; solver.cancel(null, "form"): every job of one owner
//   const answer = await asked;    // {type: "result" | "error" | "cancelled" | "board" | ...}
//
// Every request is checked against the protocol (protocol.json, the messages declared once) before it
// is sent: an unknown op or field is a mistake of the page, answered at once with an error.  request()
// resolves with the worker's one answer for that id; progress ("started", "progress", "loading") goes to
// `onProgress`.  It rejects only when the worker died before answering (the client then starts a new
// worker).  A request the worker died on is never sent again by itself: asked again, it is answered at
// once with an error, unless the person asked for it ({again: true}).  Every message is one sentence.

import { sentence } from "./messages.js";

const WATCHDOG_MS = 30000;     // a running request that stays silent this long means the worker hung
const PROGRESS = new Set(["started", "progress", "loading"]);

const newWorker = (url) => new Worker(url, { type: "module", name: "puzzlesolver" });
const loadProtocol = () => fetch(new URL("../protocol.json", import.meta.url)).then((r) => r.json()).catch(() => null);
// Requests are the same when their op and parameters are, whoever sent them.
const requestKey = (op, { owner, ...params }) => JSON.stringify([op, params]);
const workerError = (id, message, field = "worker") => ({ id, type: "error", field, message });

/** What is wrong with a request by the protocol's schema (an unknown op or field, a missing one), or "". */
export function checkRequest(protocol, op, params) {
  if (!protocol) return "";
  const schema = protocol.$defs.requests[op];
  if (!schema || protocol["x-ops"][op]?.sender === "worker") return `unknown op ${JSON.stringify(op)}`;   // advance, drop: the worker's own
  const fields = Object.keys(params);
  const unknown = fields.filter((field) => !(field in schema.properties));
  if (unknown.length) return `${op} has no field ${unknown.map((f) => JSON.stringify(f)).join(", ")}`;
  const missing = schema.required.filter((field) => field !== "id" && field !== "op" && !fields.includes(field));
  return missing.length ? `${op} needs ${missing.join(", ")}` : "";
}

export class SolverClient extends EventTarget {
  constructor(workerUrl = new URL("../worker/worker.js", import.meta.url), { createWorker = newWorker, protocol = null } = {}) {
    super();
    this.workerUrl = workerUrl;
    this.createWorker = createWorker;
    this.protocol = protocol || loadProtocol();   // the schema, or a promise of it (null: not checked)
    this.ops = {};   // its x-ops, once loaded
    Promise.resolve(this.protocol).then((loaded) => { this.ops = loaded?.["x-ops"] || {}; });
    this.nextId = 1;
    this.pending = new Map();  // id -> {resolve, reject, onProgress, op, id, key}
    this.fatalRequests = new Set();  // the keys of requests a worker died on
    this.state = "booting";
    this.fatalMessage = null;  // the sentence saying why no worker can start, once the state is "fatal"
    this.info = null;
    this.bootMs = null;
    this.bootTook = null;      // bootMs as the engine writes a time ("1.8 s")
    this.bootTimings = null;   // the worker's boot stages in ms
    this.restarts = 0;
    this.lastHeard = 0;
    this._start();
    this._watchdog = setInterval(() => this._checkAlive(), 2000);
  }

  /** A promise of the worker's info once the (current) worker is ready; it rejects, with the sentence that
   *  says why, when no worker can start (the state is or turns "fatal"), rather than wait for ever. */
  get ready() {
    if (this.state === "ready") return Promise.resolve(this.info);
    if (this.state === "fatal") return Promise.reject(this._fatalError());
    return new Promise((resolve, reject) => {
      const onStatus = (event) => {
        const { state } = event.detail;
        if (state !== "ready" && state !== "fatal") return;
        this.removeEventListener("status", onStatus);
        if (state === "ready") resolve(this.info); else reject(this._fatalError());
      };
      this.addEventListener("status", onStatus);
    });
  }

  _fatalError() {
    const error = new Error(this.fatalMessage);
    error.field = "worker";
    return error;
  }

  /** Send one request; `again`: the person asked for it, so send it even if a worker died on it before;
   *  `budget`: seconds of searching, sent as max_seconds to the ops that declare a budget.  Returns a promise
   *  of the answer whose `id` names the request (for cancel). */
  request(op, params = {}, onProgress = null, { again = false, budget = null } = {}) {
    const id = this.nextId++;
    const answer = this._send(id, op, params, onProgress, again, budget);
    answer.id = id;
    return answer;
  }

  /** Cancel one request by id, every job of one owner, or every job when neither is given; `keepBest`: a
   *  solve whose search has begun answers as when its budget runs out (its answer so far, or how far it got
   *  and its advice; resumable), not "cancelled". */
  cancel(id = null, owner = null, { keepBest = false } = {}) {
    if (this.state === "fatal") return;   // no worker: nothing runs
    const target = id !== null ? { job: id } : owner !== null ? { owner } : {};
    this.request("cancel", keepBest ? { ...target, keep_best: true } : target).catch(() => null);
  }

  /** What protocol.json declares of `op` (x-ops: job, progress, budget, fast_answer...); {} until it has loaded. */
  declared(op) {
    return this.ops[op] || {};
  }

  async _send(id, op, params, onProgress, again, budget) {
    const key = requestKey(op, params);
    const protocol = await this.protocol;
    if (budget && (!protocol || protocol["x-ops"][op]?.budget)) params = { ...params, max_seconds: budget };
    const mistake = checkRequest(protocol, op, params);
    if (mistake) {
      console.error(`solver-client: ${mistake}`);
      return workerError(id, "The page sent the solver a request it does not understand; reload the page.", "internal");
    }
    if (this.state === "fatal") {  // no worker to ask: answer at once rather than never
      return workerError(id, this.fatalMessage);
    }
    if (this.fatalRequests.has(key) && !again) {
      return workerError(id, "The solver stopped while working on this before, so it was not asked again.");
    }
    this.fatalRequests.delete(key);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, op, id, key });
      this.lastHeard = performance.now();
      this.worker.postMessage({ ...params, id, op });
    });
  }

  /** The ids of requests still waiting for their answer. */
  get busy() {
    return this.pending.size > 0;
  }

  /** Test hook: kill the worker as a crash would, and let the client notice and recover. */
  terminateForTest() {
    this.worker.terminate();
    this._died("the solver was stopped (test)");
  }

  _setState(state, detail = {}) {
    this.state = state;
    if (state === "fatal") this.fatalMessage = detail.message;
    this.dispatchEvent(new CustomEvent("status", { detail: { state, ...detail } }));
  }

  _start() {
    this.worker = this.createWorker(this.workerUrl);
    this._setState("booting", { restarts: this.restarts });
    const worker = this.worker;
    worker.onmessage = (event) => { if (worker === this.worker) this._onMessage(event.data); };
    worker.onerror = (event) => {
      if (worker !== this.worker) return;
      event.preventDefault();
      console.error(event.message);  // the browser's words, for devtools; the page gets ours
      worker.terminate();
      this._died("the solver crashed");
    };
    worker.onmessageerror = () => {
      if (worker !== this.worker) return;
      worker.terminate();
      this._died("the solver sent a message that could not be read");
    };
  }

  _onMessage(message) {
    this.lastHeard = performance.now();
    if (message.type === "ready") {
      this.info = message.info;
      this.bootMs = message.bootMs;
      this.bootTook = message.took;
      this.bootTimings = message.timings;
      this._setState("ready", { info: message.info, bootMs: message.bootMs, build: message.build });
      return;
    }
    if (message.type === "fatal") {
      this._setState("fatal", { message: sentence(message.message, "reload the page to try again") });
      for (const entry of this.pending.values()) entry.resolve(workerError(entry.id, this.fatalMessage));
      this.pending.clear();
      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return;
    if (PROGRESS.has(message.type)) {
      if (entry.onProgress) entry.onProgress(message);
      return;
    }
    this.pending.delete(message.id);
    entry.resolve(message);
  }

  _checkAlive() {
    if (this.state !== "ready" || this.pending.size === 0) return;
    if (performance.now() - this.lastHeard > WATCHDOG_MS) {
      this.worker.terminate();
      this._died("the solver stopped answering");
    }
  }

  _died(why) {
    const wasBooting = this.state === "booting";
    const error = new Error(wasBooting ? sentence(`${why} while starting`, "reload the page to try again")
      : sentence(why, "a new solver is starting"));
    error.field = "worker";
    for (const entry of this.pending.values()) {
      this.fatalRequests.add(entry.key);
      entry.reject(error);
    }
    this.pending.clear();
    if (wasBooting) {  // it cannot even start: starting it again would only loop
      this._setState("fatal", { message: error.message });
      return;
    }
    this.restarts += 1;
    this._setState("died", { message: error.message, restarts: this.restarts });
    this._start();
  }
}
