// code/runner.js -- runs the assignment's tests on a student's files, one test at a time, in the Code view's own
// Python (worker/code-worker.js), each within its time limit.  No DOM: view.js draws what it reports.
//
// Stopping code that does not stop by itself (a search that never ends, Stop pressed in a tight loop):
// * when the page is cross-origin isolated (the server's or the service worker's COOP/COEP headers), through a
//   SharedArrayBuffer the worker's Python polls: a KeyboardInterrupt, within milliseconds;
// * otherwise, or when Python does not answer the interrupt within a second (stuck inside one long C call), the
//   worker is ended and a spare, kept warm beside it, takes over, so that Stop never costs a 3 s boot.
// A worker that dies (Python out of memory) is replaced the same way, and the next tests run.
//
//   const runner = new CodeRunner();
//   runner.warm();                                      // start Python (the view calls it when first shown)
//   const { exercises } = await runner.ask({ type: "exercises" });
//   const summary = await runner.run("8puzzle", { "board.py": "...", "solver.py": "..." },
//                                    { onPlan: (tests) => ..., onRow: (row) => ... });
//   runner.stop();                                     // from a click: the running test's row says "stopped"

const WORKER_URL = new URL("../worker/code-worker.js", import.meta.url);
const INTERRUPT_GRACE_MS = 1000;    // a KeyboardInterrupt not seen by then: the worker is ended instead
const BOOT_LIMIT_MS = 90_000;       // Python that has not started by then never will
const PLAN_LIMIT_S = 10;            // reading the student's files: a module that loops at import is stopped
const WORDING_WAIT_MS = 300;        // how long a stopped test's row waits for the engine's words
const HEAP_LIMIT_BYTES = 1 << 30;   // a Python grown past this (its memory never shrinks) is replaced after its test

/** One Python worker: its start, and each call's answer as a promise. */
class PythonWorker {
  constructor(interruptBuffer) {
    this.worker = new Worker(WORKER_URL, { type: "module" });
    this.pending = new Map();
    this.nextId = 1;
    this.dead = null;   // why it died, once it has
    this.ready = new Promise((resolve, reject) => {
      this.started = { resolve, reject };
      setTimeout(() => reject(new Error("Python did not start for your code within 90 s.")), BOOT_LIMIT_MS);
    });
    this.ready.catch(() => {});
    this.worker.onmessage = (event) => this.#receive(event.data || {});
    this.worker.onerror = (event) => { event.preventDefault?.(); this.#die("crashed"); };
    if (interruptBuffer) this.worker.postMessage({ type: "interrupt", buffer: interruptBuffer.buffer });
  }

  #receive(data) {
    if (data.type === "ready") this.started.resolve(data);
    else if (data.type === "fatal") { this.started.reject(new Error(String(data.message))); this.#die("fatal"); }
    else if (this.pending.has(data.id)) {
      this.pending.get(data.id)(data);
      this.pending.delete(data.id);
    }
  }

  #die(why) {
    this.dead = why;
    for (const settle of this.pending.values()) settle({ type: "crashed" });
    this.pending.clear();
    this.worker.terminate();
  }

  /** The answer to `message`: {type: "answer", answer} | {type: "interrupted"} | {type: "crashed"}. */
  call(message) {
    if (this.dead) return Promise.resolve({ type: "crashed" });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, type: "call", message });
    });
  }

  end() { this.#die("ended"); }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class CodeRunner {
  constructor() {
    this.isolated = Boolean(globalThis.crossOriginIsolated) && typeof SharedArrayBuffer === "function";
    this.interrupt = this.isolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    this.current = null;    // the worker that runs the code
    this.spare = null;      // warm, to take over from one that is ended (only needed without the interrupt)
    this.running = false;
    this.stopRequested = null;   // resolves the running call's race when Stop is pressed
  }

  /** Start Python for the code (and, without the interrupt, its spare once it is up). */
  warm() {
    if (!this.current) this.current = new PythonWorker(this.interrupt);
    if (!this.isolated && !this.spare) this.current.ready.then(() => { this.spare ??= new PythonWorker(null); }, () => {});
    return this.current.ready;
  }

  /** End the current worker (it ran away or died); the spare, or a new one, takes over. */
  #replace() {
    this.current?.end();
    this.current = this.spare || new PythonWorker(this.interrupt);
    this.spare = null;
    this.warm();
  }

  /** A quick request with no student code in it (the exercises and their starter files). */
  async ask(message) {
    await this.warm();
    const reply = await this.current.call(message);
    if (reply.type !== "answer") throw new Error("Python stopped while answering.");
    return reply.answer;
  }

  /** One call that runs student code, within `limitSeconds`: the reply, or {type: "timeout" | "stopped" | "crashed"}. */
  async #within(message, limitSeconds) {
    await this.warm();
    const worker = this.current;
    if (this.interrupt) this.interrupt[0] = 0;
    const reply = worker.call(message);
    let timer;
    const limit = new Promise((resolve) => { timer = setTimeout(() => resolve({ type: "timeout" }), limitSeconds * 1000); });
    const stop = new Promise((resolve) => { this.stopRequested = () => resolve({ type: "stopped" }); });
    const first = await Promise.race([reply, limit, stop]);
    clearTimeout(timer);
    this.stopRequested = null;
    if (first.type === "answer") {
      if (first.heapBytes > HEAP_LIMIT_BYTES) this.#replace();
      return first;
    }
    if (first.type === "crashed") { this.#replace(); return first; }
    if (this.interrupt) {
      this.interrupt[0] = 2;   // SIGINT: Python raises KeyboardInterrupt at its next check
      const settled = await Promise.race([reply, sleep(INTERRUPT_GRACE_MS).then(() => null)]);
      if (settled && settled.type !== "crashed") return settled.type === "answer" ? settled : first;
    }
    this.#replace();
    return first;
  }

  /**
   * Run every test of `exercise` on `sources` ({file name: text}); `onPlan(tests)` once the files are read,
   * `onRow(row)` after each test.  Resolves to {passed, total, ran, stopped, error}: `error` is the one sentence
   * of files that could not be read (a syntax error, no Board...), when no test ran.
   */
  async run(exercise, sources, { onPlan = () => {}, onRow = () => {} } = {}) {
    this.running = true;
    this.stopped = false;
    try {
      const read = await this.#within({ type: "plan", exercise, sources }, PLAN_LIMIT_S);
      if (read.type !== "answer") return { passed: 0, total: 0, ran: 0, stopped: read.type === "stopped", error: planFailure(read.type) };
      if (!read.answer.ok) return { passed: 0, total: 0, ran: 0, stopped: false, error: read.answer.error };
      const tests = read.answer.tests;
      onPlan(tests);
      let passed = 0, ran = 0;
      for (const test of tests) {
        if (this.stopped) break;
        const reply = await this.#within({ type: "run", exercise, sources, name: test.name }, test.limit_seconds);
        const row = reply.type === "answer" ? reply.answer : await this.#unanswered(exercise, test, reply.type);
        ran += 1;
        if (row.status === "pass") passed += 1;
        onRow(row);
        if (reply.type === "stopped") break;
      }
      return { passed, total: tests.length, ran, stopped: this.stopped, error: null };
    } finally {
      this.running = false;
    }
  }

  /** The row of a test that gave no answer (stopped at its limit or by Stop, or Python died running it), worded
   *  by the engine as the command line words it; in the page's own words if no Python can answer. */
  async #unanswered(exercise, test, kind) {
    const own = { name: test.name, method: test.method, title: test.title, status: kind === "crashed" ? "error" : kind,
      message: kind === "timeout" ? `Stopped at its time limit of ${test.limit_seconds} s.` : "Stopped." };
    const worded = this.ask({ type: "interrupted", exercise, name: test.name, kind }).catch(() => own);
    return Promise.race([worded, sleep(WORDING_WAIT_MS).then(() => own)]);   // a Python still starting: no wait
  }

  /** Stop the run: the test running now is interrupted (its row says "stopped") and no other starts. */
  stop() {
    this.stopped = true;
    this.stopRequested?.();
  }
}

function planFailure(type) {
  if (type === "timeout") return `Reading your files took over ${PLAN_LIMIT_S} s: does a module run a search or a loop when it is imported?`;
  if (type === "stopped") return "Stopped while reading your files.";
  return "Reading your files used all the memory Python could have, or stopped Python itself.";
}
