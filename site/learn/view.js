// learn/view.js -- the Learn view: a search step by step as the Princeton checklist draws it (the game tree
// of small boards, the queue in heap order and as a heap, the pseudocode lines each step runs), a "predict
// the next node" exercise, every classic search side by side (compare.js) and a checker for a
// student's own solver output (check.js).  All data comes from the worker as jobs (explain,
// compare, solve_board's iterations, quality, check); this module and its parts only draw it.
//
// Opened by the link #explain=<a board= or words= link>, e.g. #explain=board=3:0,1,3,4,2,5,7,8,6, or by
// the Solve view's "Step through the search" button.  Keys inside the view: ←/→ step, Home/End, Space plays.

import { FragmentError, parseExplain } from "../core/links.js";
import { progressText } from "../core/job.js";
import * as ops from "../core/ops.js";
import { el, button } from "../core/dom.js";
import { NO_PUZZLE, number, refusal } from "../core/messages.js";
import { boardText } from "../core/notation.js";
import { QueueReplay, describe, gameTree, heapTree, pseudocode, queueBoards, showSearch, stateText, whyNot } from "./drawings.js";
import { comparisonPanel } from "./compare.js";
import { checkerPanel } from "./check.js";

// Short names, so that a phone shows them whole; what each search skips is in its pseudocode, what each queue
// does in the line under the settings.
const SEARCHES = [["astar", "A* (graph search)"], ["astar-tree", "the seeds' A* (tree search)"],
  ["bfs", "breadth-first search"], ["greedy", "greedy best-first search"], ["weighted", "weighted A*"]];
const QUEUES = [["textbook", "textbook (algs4's MinPQ)"], ["tiebreak", "tie-breaking (the solver's)"]];
const QUEUE_NOTES = {
  textbook: "The textbook queue, algs4's MinPQ, compares priorities only: of two nodes with the same priority, either may come out first.",
  tiebreak: "The solver's queue gives a tie in priority to the node nearer the goal (smaller estimate), then to the older one, "
    + "as the comparison below does.",
};

function select(id, options) {
  return el("select", { id, "data-testid": id }, ...options.map(([value, text]) => el("option", { value, text })));
}

export function mount(view, { solver }) {
  const section = view.querySelector("#explain");
  const body = view.querySelector("[data-learn-body]");
  const empty = view.querySelector("[data-learn-empty]");
  let puzzle = null;
  let trace = null;
  let replay = null;
  let step = 0;
  let timer = null;
  let zoom = 1;
  const latest = new Map();   // owner -> its job on screen (a newer request of an owner replaces it)

  const heuristic = select("explain-heuristic", ["manhattan", "hamming", "linear-conflict", "walking-distance", "pdb"].map((h) => [h, h]));
  const algorithm = select("explain-algorithm", SEARCHES);
  const weight = el("input", { type: "number", id: "explain-weight", min: "1", max: "10", step: "0.5", value: "2", "data-testid": "explain-weight" });
  const weightLabel = el("label", { for: "explain-weight", hidden: true }, "Weight ", weight);
  const estimateLabel = el("label", {}, "Estimate ", heuristic);
  const estimateNote = el("span", { class: "note", hidden: true, "data-testid": "explain-estimate-note",
    text: "Breadth-first search uses no estimate." });
  const wordsEstimate = el("span", { class: "note", hidden: true, text: "Estimate: the edit distance to the goal word (the fewest letters changed, added or removed)" });
  const goalTest = el("input", { type: "checkbox", id: "explain-goal-test", "data-testid": "explain-goal-test" });
  const queue = select("explain-queue", QUEUES);
  const queueNote = el("p", { class: "note", "data-testid": "explain-queue-note", text: QUEUE_NOTES.textbook });
  const speed = el("input", { type: "range", min: "1", max: "10", value: "4", "aria-label": "Speed", "data-testid": "explain-speed" });
  // (No "Play" in these names: the solution player's buttons are found by name, and names match by substring.)
  const playButton = button("Run steps", "explain-play", () => (timer ? pause() : play()));
  const predict = el("input", { type: "checkbox", id: "explain-predict", "data-testid": "explain-predict" });
  const feedback = el("p", { class: "predict-feedback", "aria-live": "polite", "data-testid": "explain-predict-feedback" });
  const status = el("p", { class: "explain-status", role: "status", "aria-live": "polite", "data-testid": "explain-status" });
  const message = el("p", { class: "error", "data-testid": "explain-error" });
  const queueRow = el("ol", { class: "heap-array", "data-testid": "explain-queue-array", "aria-label": "The queue as an array, from position 1" });
  const heapPicture = el("div", { class: "explain-svg heap-tree", "data-testid": "explain-heap-tree" });
  const treeBox = el("div", { class: "explain-svg explain-tree", "data-testid": "explain-game-tree", role: "region", "aria-label": "The game tree (scroll to pan)" });
  treeBox.tabIndex = 0;
  const treeList = el("details", {}, el("summary", { text: "The game tree as a list" }));
  const details = el("div", { class: "explain-node", "data-testid": "explain-node", "aria-live": "polite" });
  const code = el("ol", { class: "pseudocode", "data-testid": "explain-pseudocode", "aria-label": "Pseudocode; the lines this step ran are marked" });
  // A request of one part of the view (`start`: a function of core/ops.js): its answer, or null when a newer one
  // of that part took its place.
  const ask = (owner) => (start, params, onProgress = null) => {
    const job = start(solver, params, { owner });
    latest.set(owner, job);
    if (onProgress) job.addEventListener("progress", () => { if (latest.get(owner) === job) onProgress(job.progress); });
    return job.answer.then((answer) => (latest.get(owner) === job ? answer : null));
  };
  const puzzleParams = () => {
    if (!puzzle) return null;
    if (puzzle.kind === "words") return { start: puzzle.start, goal: puzzle.goal, dictionary: puzzle.dictionary };
    return { board: boardText(puzzle.tiles, puzzle.n), goal: puzzle.goal ? boardText(puzzle.goal, puzzle.n) : "" };
  };
  /** The puzzle and, for a board, the estimate chosen above (words always use the edit distance). */
  const searchParams = () => puzzle && (puzzle.kind === "words" ? puzzleParams() : { ...puzzleParams(), heuristic: heuristic.value });
  // The estimate IDA* runs with for the one chosen: the engine's word (info.ida_estimate), once it is up
  // (rejects with the solver's sentence when no solver can start).
  const idaEstimate = async (chosen) => (await solver.ready).ida_estimate[chosen] || chosen;
  const goalTestChosen = () => (goalTest.checked ? "generation" : "removal");
  const stepButtons = [button("First step", "explain-first", () => show(0)), button("Previous step", "explain-back", () => show(step - 1)),
    playButton, button("Next step", "explain-forward", () => show(step + 1)),
    button("Last step", "explain-last", () => show(trace ? trace.steps.length - 1 : 0))];
  /** The step buttons are off while the puzzle open has no steps to show (its search was refused). */
  const offerSteps = (on) => {
    for (const each of stepButtons) each.disabled = !on;
    drawings.hidden = !on;
  };
  const comparison = comparisonPanel({ ask: ask("learn-compare"), puzzleParams: searchParams, onTrace: stepThrough,
    goalTest: goalTestChosen, idaEstimate });
  const checker = checkerPanel({ ask: ask("learn-check"), puzzleParams });

  // The tree, the pseudocode and the queue: hidden while the puzzle open has no steps (its search was refused).
  const drawings = el("div", { class: "learn-grid", "data-testid": "explain-drawings" },
      el("div", { class: "learn-tree" },
        el("div", { class: "tree-heading" }, el("h3", { text: "Game tree" }),
          el("div", { class: "actions", role: "group", "aria-label": "Zoom" },
            button("Zoom out", "explain-zoom-out", () => setZoom(zoom / 1.25)), button("Zoom in", "explain-zoom-in", () => setZoom(zoom * 1.25)))),
        treeBox, details, treeList),
      el("div", { class: "learn-side" },
        el("h3", { text: "Pseudocode" }), code,
        el("h3", { text: "Priority queue" }), queueRow, heapPicture));

  body.replaceChildren(
    el("div", { class: "explain-settings" },
      el("label", {}, "Search ", algorithm), weightLabel, estimateLabel, estimateNote, wordsEstimate, el("label", {}, "Queue ", queue),
      el("label", { for: "explain-goal-test" }, goalTest, " Test for the goal when a node is generated")),
    queueNote,
    // On a phone the step buttons stay at the top of the screen (style.css) over the tree they step through.
    el("div", { class: "actions explain-steps", role: "group", "aria-label": "Steps" }, ...stepButtons),
    el("div", { class: "actions" },
      el("label", {}, "Speed ", speed),
      el("label", { for: "explain-predict" }, predict, " Predict the next node")),
    message, status, feedback,
    drawings,
    comparison.panel, checker.panel);

  // A click anywhere in the panel gives it the focus (it is focusable), so that its keys work at once.
  section.tabIndex = -1;
  for (const control of [heuristic, algorithm, queue, goalTest]) control.addEventListener("change", () => load(puzzle));
  algorithm.addEventListener("change", showEstimateUse);   // with no puzzle open too
  weight.addEventListener("change", () => load(puzzle));
  // the table's estimate and goal test follow these
  for (const control of [heuristic, goalTest]) control.addEventListener("change", () => comparison.refresh());
  queue.addEventListener("change", () => { queueNote.textContent = QUEUE_NOTES[queue.value]; });
  predict.addEventListener("change", () => {
    if (!nothingOpen()) feedback.textContent = predict.checked ? "Pick the node in the queue that the search removes next." : "";
    if (trace) show(step);
  });
  section.addEventListener("keydown", (event) => {
    if (!trace || ["SELECT", "INPUT", "TEXTAREA"].includes(event.target.tagName)) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: trace.steps.length - 1 };
    if (event.key in moves) { show(moves[event.key]); event.preventDefault(); }
    else if (event.key === " " && event.target.tagName !== "BUTTON") { (timer ? pause : play)(); event.preventDefault(); }
  });

  /** Breadth-first search uses no estimate: its menu is off, and says why. */
  function showEstimateUse() {
    const unused = algorithm.value === "bfs", words = puzzle?.kind === "words";
    heuristic.disabled = unused;
    estimateLabel.hidden = words;
    wordsEstimate.hidden = !words || unused;
    estimateNote.hidden = !unused;
  }

  /** No puzzle open: the step controls say so (in the status line) and do nothing else. */
  function nothingOpen() {
    if (puzzle) return false;
    message.textContent = "";
    status.textContent = `${NO_PUZZLE}: follow a link above, or "Step through the search" in the Solve view.`;
    return true;
  }

  function play() {
    if (nothingOpen() || !trace) return;
    playButton.textContent = "Stop steps";
    timer = setInterval(() => (step + 1 < trace.steps.length ? show(step + 1) : pause()), 1100 - 100 * Number(speed.value));
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    playButton.textContent = "Run steps";
  }

  function setZoom(next) {
    if (nothingOpen()) return;
    zoom = Math.max(0.3, Math.min(3, next));
    if (trace) drawTree();
  }

  /** A comparison row's search, step by step (its options set in the controls above). */
  function stepThrough(options) {
    algorithm.value = options.algorithm;
    showEstimateUse();
    if ([...heuristic.options].some((o) => o.value === options.heuristic)) heuristic.value = options.heuristic;
    if (options.weight) weight.value = String(options.weight);
    goalTest.checked = options.goal_test === "generation";
    queue.value = options.queue || "tiebreak";
    queueNote.textContent = QUEUE_NOTES[queue.value];
    load(puzzle);
    section.scrollIntoView({ block: "start" });
  }

  async function load(next) {
    pause();
    if (!next) return;   // a setting changed with no puzzle open: it holds for the next one
    puzzle = next;
    trace = null;
    empty.hidden = true;
    weightLabel.hidden = algorithm.value !== "weighted";
    showEstimateUse();
    for (const key of ["step", "recordMs", "renderMs"]) delete section.dataset[key];
    message.textContent = "";
    status.textContent = "Recording the search…";
    const params = { ...searchParams(), algorithm: algorithm.value, queue: queue.value, goal_test: goalTestChosen() };
    if (algorithm.value === "weighted") params.weight = Number(weight.value);
    const began = performance.now();
    const answer = await ask("learn")(ops.explain, params, (progress) => { status.textContent = progressText(progress, "Recording the search…"); });
    if (answer === null) return;   // a newer request replaced this one
    section.dataset.recordMs = String(Math.round(performance.now() - began));
    if (answer.type !== "explanation") {
      status.textContent = "";
      message.textContent = answer.message || "The search could not be explained.";
      clearDrawings();   // nothing of an earlier search stays under this one's name
      offerSteps(false);
      return;
    }
    offerSteps(true);
    trace = answer;
    showSearch(trace);
    replay = new QueueReplay(trace.steps);
    const drawn = performance.now();
    show(trace.steps.length > 1 ? 1 : 0);
    section.dataset.renderMs = String(Math.round(performance.now() - drawn));
  }

  /** Another puzzle: the comparison's and the checker's numbers go, and so do their requests still running
   *  (their answers are of the puzzle before, and would be drawn over this one). */
  function forgetPanels() {
    for (const owner of ["learn-compare", "learn-check"]) {
      if (latest.has(owner)) latest.get(owner).cancel();
      latest.delete(owner);
    }
    comparison.clear();
    checker.clear();
  }

  function clearDrawings() {
    for (const drawing of [queueRow, heapPicture, treeBox, details, code]) drawing.replaceChildren();
    treeList.replaceChildren(el("summary", { text: "The game tree as a list" }));
  }

  // -- one step ------------------------------------------------------------------------------------------
  function show(index) {
    if (nothingOpen() || !trace) return;
    step = Math.max(0, Math.min(trace.steps.length - 1, index));
    const current = trace.steps[step];
    section.dataset.step = String(step);
    const said = current.removed
      ? `Step ${step} of ${trace.steps.length - 1}: removed ${current.removed} (${describe(trace.nodes[current.removed])})`
      : `Step 0 of ${trace.steps.length - 1}: the start ${trace.steps[0].inserted[0]} is inserted`;
    const inserted = current.removed && current.inserted.length ? `; inserted ${current.inserted.join(", ")}` : "";
    const skipped = current.skipped.length ? `; not enqueued: ${current.skipped.join(", ")}` : "";
    const goal = current.removed && trace.path.at(-1) === current.removed ? `. ${current.removed} is the goal: ${trace.path.join(" → ")}` : "";
    status.textContent = `${said}${inserted}${skipped}${goal}.`;
    const fresh = new Set(current.inserted);
    const inQueue = replay.at(step).filter(Boolean);
    const guessing = predict.checked && current.next;
    queueRow.replaceChildren(...queueBoards(trace, inQueue, fresh, guessing ? guess : null));
    heapPicture.replaceChildren(heapTree(trace, inQueue, fresh));
    code.replaceChildren(...pseudocode(trace, step));
    drawTree();
    showNode(current.removed || trace.steps[0].inserted[0]);
    if (predict.checked && !current.next) feedback.textContent = "This is the last step: nothing is removed after it.";
  }

  function drawTree() {
    const { picture, list, focus, drawn, made } = gameTree(trace, step, zoom, showNode);
    treeBox.replaceChildren(picture);
    const summary = drawn < made
      ? `The whole game tree as a list (the picture shows ${drawn} of its ${number(made)} nodes: the line the search followed to the node it removed, with the children beside it)`
      : "The game tree as a list";
    treeList.replaceChildren(el("summary", { text: summary }), list);
    keepInView(treeBox, focus);
  }

  /** Scroll `box` (only it, never the page) so that the point `[x, y]` of its content is in view, centred. */
  function keepInView(box, [x, y]) {
    const margin = 60;
    if (x < box.scrollLeft + margin || x > box.scrollLeft + box.clientWidth - margin) box.scrollLeft = x - box.clientWidth / 2;
    if (y < box.scrollTop + margin || y > box.scrollTop + box.clientHeight - margin) box.scrollTop = y - box.clientHeight / 2;
  }

  function guess(id) {
    const next = trace.steps[step].next;
    if (id === next) {
      feedback.textContent = `Right: ${id} is removed next (${describe(trace.nodes[id])}).`;
      feedback.className = "predict-feedback is-right";
      show(step + 1);
    } else {
      feedback.textContent = `Not ${id}: ${whyNot(trace, id, next)}`;
      feedback.className = "predict-feedback is-wrong";
    }
  }

  function showNode(id) {
    const n = trace.nodes[id];
    if (!n) return;
    details.replaceChildren(el("strong", { text: `${id}` }), el("pre", { text: stateText(n) }),
      el("span", { text: `${describe(n)}; parent ${n.parent || "none"}${n.enqueued ? "" : `; not enqueued: ${n.why}`}` }));
  }

  return {
    /** #explain=<link>: step through A* on that puzzle; #learn: the view as it is. */
    open(name, link) {
      if (!link) return;
      let next;
      try {
        next = parseExplain(link);
      } catch (error) {
        if (!(error instanceof FragmentError)) throw error;
        message.textContent = refusal(error.message);
        return;
      }
      if (puzzle && JSON.stringify(next) === JSON.stringify(puzzle) && (trace || latest.has("learn"))) return;   // already shown
      if (next.heuristic && [...heuristic.options].some((o) => o.value === next.heuristic)) heuristic.value = next.heuristic;
      if (JSON.stringify(next) !== JSON.stringify(puzzle)) forgetPanels();
      load(next);
    },
    get step() { return step; },
    hooks: {
      /** Every setting back to its default and the puzzle forgotten, so that the next link records anew (tests). */
      reset() {
        pause();
        for (const [control, value] of [[algorithm, "astar"], [heuristic, "manhattan"], [queue, "textbook"], [weight, "2"]]) control.value = value;
        goalTest.checked = predict.checked = false;
        weightLabel.hidden = true;
        showEstimateUse();
        offerSteps(true);
        queueNote.textContent = QUEUE_NOTES.textbook;
        for (const text of [feedback, status, message]) text.textContent = "";
        clearDrawings();
        delete section.dataset.step;
        empty.hidden = false;
        forgetPanels();
        latest.clear();
        zoom = 1;
        puzzle = trace = null;
      },
    },
  };
}
