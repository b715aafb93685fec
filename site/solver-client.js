// solver-client.js -- the page's side of the worker: ids, promises, progress, cancel, and a new worker
// when the old one dies.  No DOM here; app.js (the solver page) and game.js (play) both use it.
//
//   const solver = new SolverClient();
//   solver.addEventListener("status", (e) => e.detail.state);   // "booting" | "ready" | "died" | "fatal"
//   const answer = await solver.request("solve_board", { board: "8 1 3\n4 0 2\n7 6 5" }, (p) => p.expanded);
//   solver.cancel();               // every running solve (or cancel(id) for one)
//   solver.request("solve_board", { board, owner: "game" });   // solves of different owners run side by
//   solver.cancel(null, "game");   // side; a new one replaces the same owner's; cancel one owner's
//
// request() resolves with the worker's one answer for that id ({type: "result" | "error" | "board" | ...});
// it rejects only when the worker died before answering (the client then starts a new worker).  A
// request the worker died on is never sent again by itself: asked again, it is answered at once with an
// error, unless the person asked for it ({again: true}).  Every message is one sentence.

import { sentence } from "./game-core.js";

const WATCHDOG_MS = 30000;     // a running solve that stays silent this long means the worker hung

const newWorker = (url) => new Worker(url, { type: "module", name: "puzzlesolver" });
// Requests are the same when their op and parameters are, whoever sent them.
const requestKey = (op, { owner, ...params }) => JSON.stringify([op, params]);
const workerError = (id, message) => ({ id, type: "error", field: "worker", message });

export class SolverClient extends EventTarget {
  constructor(workerUrl = new URL("./worker.js", import.meta.url), { createWorker = newWorker } = {}) {
    super();
    this.workerUrl = workerUrl;
    this.createWorker = createWorker;
    this.nextId = 1;
    this.pending = new Map();  // id -> {resolve, reject, onProgress, op, id, key}
    this.fatalRequests = new Set();  // the keys of requests a worker died on
    this.state = "booting";
    this.info = null;
    this.bootMs = null;
    this.restarts = 0;
    this.lastHeard = 0;
    this._start();
    this._watchdog = setInterval(() => this._checkAlive(), 2000);
  }

  /** A promise that resolves once the (current) worker is ready. */
  get ready() {
    if (this.state === "ready") return Promise.resolve(this.info);
    return new Promise((resolve) => {
      const onStatus = (event) => {
        if (event.detail.state === "ready") { this.removeEventListener("status", onStatus); resolve(this.info); }
      };
      this.addEventListener("status", onStatus);
    });
  }

  /** Send one request; `again`: the person asked for it, so send it even if a worker died on it before. */
  request(op, params = {}, onProgress = null, { again = false } = {}) {
    const id = this.nextId++;
    const key = requestKey(op, params);
    if (this.state === "fatal") {  // no worker to ask: answer at once rather than never
      return Promise.resolve(workerError(id, this.fatalMessage));
    }
    if (this.fatalRequests.has(key) && !again) {
      return Promise.resolve(workerError(id, "The solver stopped while working on this before, so it was not asked again."));
    }
    this.fatalRequests.delete(key);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, op, id, key });
      this.lastHeard = performance.now();
      this.worker.postMessage({ ...params, id, op });
    });
  }

  /** Cancel one request by id, every solve of one owner, or every running solve when neither is given. */
  cancel(id = null, owner = null) {
    this.worker.postMessage(id !== null ? { op: "cancel", id } : owner !== null ? { op: "cancel", owner } : { op: "cancel" });
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
    this.startedAt = performance.now();
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
      this.bootTimings = message.timings;
      this.readyMs = Math.round(performance.now() - this.startedAt);
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
    if (message.type === "progress" || message.type === "loading") {
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
