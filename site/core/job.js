// core/job.js -- the one object every view uses for a request to the solver: the form's solve, the game's hint
// and "Finish from here", judged moves, deals, and the Learn view's traces and comparisons.  It sends the
// request with its owner and budget, shows its progress in the engine's words, ends with exactly one answer (never throws:
// a worker that died is an error answer, one sentence), and knows what can follow a budget that ran out:
// "Keep going" (the same search, resumed) and "Fast answer (not shortest)" (the same request with the fields
// its op declares for one).  Which ops take a budget and have a fast answer is protocol.json's (x-ops).
// No DOM; JobPanel (below) shows a job in a view's own elements.
//
//   const job = new Job(solver, "solve_board", { board }, { owner: "form", maxSeconds: 30 });
//   job.addEventListener("progress", () => line.textContent = job.progressText);
//   const answer = await job.answer;         // {type: "result" | "error" | "cancelled" | "deal" | ...}
//   job.offers                               // {keepGoing, fastAnswer} once answered
//   const next = job.keepGoing();            // a new Job: the search resumed (or job.fastAnswer())
//   job.cancel();                            // or job.cancel({ keepBest: true }): a solve's answer so far, or its advice

import { number, plural, sentence } from "./messages.js";

/**
 * A progress message from the worker in words: the download, the search, the work done.  `brief`: a few
 * words for a status line beside buttons (the game's), e.g. "Thinking… 12,000 positions".
 */
export function progressText(message, waiting = "Working…", { brief = false } = {}) {
  if (!message) return waiting;
  if (message.type === "loading") return loadingText(message);
  if (brief) return message.expanded !== undefined ? `Thinking… ${number(message.expanded)} positions` : "Thinking…";
  return message.words || waiting;   // the engine words each record (puzzlesolver/ops/progress.py)
}

// The data files a request downloads, named by what they are (the worker reports all of a request's at once).
const DATA_FILES = [[/^p15-|^15puzzle-/, "the 15-puzzle tables"], [/^24puzzle-/, "the 24-puzzle tables"],
  [/^8puzzle-/, "the 8-puzzle table"], [/^rect-/, "the pattern tables for this shape"],
  [/^words-large/, "the large dictionary"], [/^words-common/, "the common dictionary"]];

/** A download in words: "Loading the 15-puzzle tables, 27 MB… 14%" (its size and share once they are known). */
function loadingText({ url, loaded, total }) {
  const file = String(url || "").split("/").pop();
  const what = DATA_FILES.find(([pattern]) => pattern.test(file))?.[1] || file;
  if (!total) return `Loading ${what}… ${megabytes(loaded)} so far`;
  return `Loading ${what}, ${megabytes(total)}… ${Math.min(100, Math.round((100 * loaded) / total))}%`;
}

const megabytes = (bytes) => (bytes < 1e6 ? `${number(Math.max(1, Math.round(bytes / 1e3)))} kB` : `${number(Math.round(bytes / 1e6))} MB`);

/** What an answer that is not what was asked for says, as one sentence. */
export function answerText(answer) {
  if (answer.type === "error" || answer.type === "cancelled") return sentence(answer.message);
  if (answer.status === "unsolvable") return sentence(answer.reason);
  if (answer.status === "solved" && answer.optimal === false) {
    return sentence(`This answer of ${plural(answer.moves, "move")} is not proven shortest`,
      answer.bound ? `the shortest takes at least ${plural(answer.bound, "move")}` : "");
  }
  return answer.message ? sentence(answer.message) : "";
}

export class Job extends EventTarget {
  /**
   * Start `op` with `params` now.  `owner`: the part of the page (one running job per owner: a newer one
   * replaces it); `maxSeconds`: the budget of a solve in seconds, or a function that says it when asked
   * (a view's budget may change before "Keep going" is pressed); `again`: the person asked for it (so it
   * is sent even if a worker died on it before).
   */
  constructor(solver, op, params, { owner, maxSeconds = null, again = true } = {}) {
    super();
    this.solver = solver;
    this.op = op;
    this.params = params;
    this.owner = owner;
    this.maxSeconds = maxSeconds;
    this.progress = null;
    this.result = null;
    this.cancelled = false;
    this.original = null;   // for a resumed job: the request it goes on with
    const budget = typeof maxSeconds === "function" ? maxSeconds() : maxSeconds;   // for the ops that declare one
    const asked = solver.request(op, { ...params, owner }, (message) => this._progress(message), { again, budget });
    this.id = asked.id;
    this.answer = asked.then((answer) => this._end(answer),
      (error) => this._end({ id: this.id, type: "error", field: "worker", message: sentence(error.message) }));
  }

  get progressText() {
    return this.describeProgress();
  }

  describeProgress({ brief = false } = {}) {
    const waiting = this.solver.state === "ready" ? (brief ? "Thinking…" : "Working…") : "Waiting for the solver to start…";
    return progressText(this.progress, waiting, { brief });
  }

  /** What can follow the answer: go on with the same search, or ask for a fast answer instead (where the
   *  request's op declares one, and it is not what was asked already). */
  get offers() {
    const answer = this.result;
    if (!answer || answer.type !== "result") return { keepGoing: false, fastAnswer: false };
    const first = this.original || this;
    const fast = this.solver.declared(first.op).fast_answer;
    const asked = fast && Object.entries(fast).every(([field, value]) => first.params[field] === value);
    return { keepGoing: Boolean(answer.resumable), fastAnswer: answer.status === "stopped" && Boolean(fast) && !asked };
  }

  /** A new job: the same search, resumed with a new budget. */
  keepGoing() {
    const next = new Job(this.solver, "resume", { job: this.result.job }, this._options());
    next.original = this.original || this;   // what "Fast answer" asks again after a second stop
    return next;
  }

  /** A new job: the request first asked, with the fields its op declares for a fast answer (not proven shortest). */
  fastAnswer() {
    const first = this.original || this;
    return new Job(this.solver, first.op, { ...first.params, ...this.solver.declared(first.op).fast_answer }, this._options());
  }

  /** Stop the request (its answer then is {type: "cancelled"}, or with `keepBest` what a solve's budget running
   *  out gives: its answer so far, or its advice, with "Keep going"); a job that has answered stays answered. */
  cancel({ keepBest = false } = {}) {
    if (this.result || this.cancelled) return;
    this.cancelled = true;
    this.solver.cancel(this.id, null, { keepBest });
  }

  _options() {
    return { owner: this.owner, maxSeconds: this.maxSeconds };
  }

  _progress(message) {
    this.progress = message;
    this.dispatchEvent(new Event("progress"));
  }

  _end(answer) {
    this.result = answer.type === "error" ? { ...answer, message: sentence(answer.message) } : answer;
    this.dispatchEvent(new Event("answer"));
    return this.result;
  }
}

/**
 * A job shown in a view's own elements: a status line, Cancel while it runs, and "Keep going" / "Fast
 * answer (not shortest)" once a budget has run out.  `onFollow(job)` gets the new job a press starts;
 * `cancelKeepsBest`: Cancel stops a search as its budget does, with its answer so far or its advice (the solve form's).
 *   const panel = new JobPanel({ status, cancel, keepGoing, fastAnswer }, { onFollow: (job) => view.run(job) });
 *   panel.track(job);   panel.clear();
 */
export class JobPanel {
  constructor({ status = null, cancel = null, keepGoing = null, fastAnswer = null, actions = null },
    { onFollow, brief = false, cancelKeepsBest = false }) {
    this.elements = { status, cancel, keepGoing, fastAnswer, actions };
    this.brief = brief;   // the status line in a few words
    this.hideCancel = Boolean(cancel?.hidden);   // a Cancel hidden in the page's shell shows only while a job runs
    this.job = null;
    cancel?.addEventListener("click", () => this.job?.cancel({ keepBest: cancelKeepsBest }));
    keepGoing?.addEventListener("click", () => this._follow(this.job.keepGoing()));
    fastAnswer?.addEventListener("click", () => this._follow(this.job.fastAnswer()));
    this.onFollow = onFollow;
    this.clear();
  }

  /** Show `job` from now on: its progress while it runs, then its offers. */
  track(job) {
    this.job = job;
    this._offer({ keepGoing: false, fastAnswer: false });
    const { status, cancel } = this.elements;
    if (cancel) { cancel.disabled = false; cancel.hidden = false; }
    const show = () => {
      if (status && this.job === job) { status.hidden = false; status.textContent = job.describeProgress({ brief: this.brief }); }
    };
    show();
    job.addEventListener("progress", show);
    job.answer.then(() => {
      if (this.job !== job) return;
      if (status) { status.hidden = true; status.textContent = ""; }
      this._idleCancel();
      this._offer(job.offers);
    });
  }

  /** Nothing shown: no job, no offers (the job itself is not cancelled: the view decides that). */
  clear() {
    this.job = null;
    const { status, cancel } = this.elements;
    if (status) { status.hidden = true; status.textContent = ""; }
    this._idleCancel();
    this._offer({ keepGoing: false, fastAnswer: false });
  }

  _idleCancel() {
    const { cancel } = this.elements;
    if (!cancel) return;
    cancel.disabled = true;
    if (this.hideCancel) cancel.hidden = true;
  }

  _offer({ keepGoing, fastAnswer }) {
    const { keepGoing: keep, fastAnswer: fast, actions } = this.elements;
    if (keep) keep.hidden = !keepGoing;
    if (fast) fast.hidden = !fastAnswer;
    if (actions) actions.hidden = !keepGoing && !fastAnswer;
  }

  _follow(job) {
    this.track(job);
    this.onFollow(job);
  }
}

