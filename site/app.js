// app.js -- the solver page: the form, its share links, progress, results.  Python runs only in worker.js;
// every check and answer comes from puzzlesolver.webapi through the SolverClient.  The game, the links
// in the address bar and offline use are joined to the page by wiring.js.
//
// URL hooks (also in the README):  #board=3:8,1,3,4,0,2,7,6,5[&goal=...][&h=hamming]  and
// #words=horse,nurse[&dict=large] load a puzzle (read by game-core.js, before Python has booted); the
// button named "Solve" solves it; the element with data-testid="moves" then holds only the optimal number
// of moves, or the word "unsolvable".

import { SolverClient } from "./solver-client.js";
import { Player, boardText, renderBoard } from "./board-view.js";
import { FragmentError, boardFragment, dealTiles, fragmentKind, goalTiles, movesAlongBlankPath, parseFragment,
  lowerFirst, positionsAlong, quoted, refusal, sentence, wordsFragment } from "./game-core.js";
import { toNotation } from "./notation.js";
import { wirePage } from "./wiring.js";
import { mountExplain } from "./explain-view.js";

const $ = (id) => document.getElementById(id);

const solver = new SolverClient();
const app = { solver, readyAt: null };
window.__solver = solver;   // test hook: __solver.terminateForTest(), __solver.state, __solver.bootMs
window.__app = app;

// -- fields and their error messages ---------------------------------------------------------------
const FIELDS = {
  board: ["board", "board-error"],
  goal: ["goal", "goal-error"],
  heuristic: ["heuristic", "heuristic-error"],
  start_word: ["start-word", "start_word-error"],
  goal_word: ["goal-word", "goal_word-error"],
  dictionary: ["dictionary", "dictionary-error"],
  link: [null, "link-error"],
};

function setError(field, message) {
  const [inputId, errorId] = FIELDS[field] || [null, "form-error"];
  $(errorId).textContent = message;
  if (inputId) $(inputId).setAttribute("aria-invalid", "true");
}

function clearErrors(fields = Object.keys(FIELDS)) {
  for (const field of fields) {
    const [inputId, errorId] = FIELDS[field];
    $(errorId).textContent = "";
    if (inputId) $(inputId).removeAttribute("aria-invalid");
  }
  $("form-error").textContent = "";
}

// -- solver status ---------------------------------------------------------------------------------
const statusEl = $("solver-status");
solver.addEventListener("status", (event) => {
  const { state, message } = event.detail;
  statusEl.dataset.state = state;
  if (state === "booting") {
    statusEl.textContent = solver.restarts ? "Starting a new solver…" : "Starting the solver…";
  } else if (state === "ready") {
    app.readyAt = performance.now();
    performance.mark("solver-ready");
    statusEl.textContent = "Solver ready.";
    statusEl.title = `Python ${solver.info.python}, started in ${(solver.readyMs / 1000).toFixed(1)} s`;
    fillHeuristics(solver.info);
    scheduleCheck(0);
  } else if (state === "died" || state === "fatal") {
    statusEl.textContent = message;
  }
});

const HEURISTIC_LABELS = {
  auto: "auto: the strongest for this size",
  pdb: "pdb: pattern databases (3x3, 4x4)",
  "linear-conflict": "linear-conflict: Manhattan + line conflicts",
  "walking-distance": "walking-distance (up to 4x4)",
};

// The solver's list (info.heuristics) is the one list of names: until it comes, the select holds "auto"
// and whatever name a link asked for.
function fillHeuristics(info) {
  const select = $("heuristic");
  const wanted = select.value;
  select.replaceChildren(...info.heuristics.map((name) => new Option(HEURISTIC_LABELS[name] || name, name)));
  select.value = info.heuristics.includes(wanted) ? wanted : info.default_heuristic;
  if (select.value !== wanted) setError("link", unknownHeuristic(wanted, info));
}

function chooseHeuristic(name) {
  const select = $("heuristic");
  if (solver.info && !solver.info.heuristics.includes(name)) {
    setError("link", unknownHeuristic(name, solver.info));
    return;
  }
  if (![...select.options].some((option) => option.value === name)) select.add(new Option(name, name));
  select.value = name;
}

const unknownHeuristic = (name, info) =>
  `This link asks for the heuristic ${quoted(name)}, which this solver does not have; it uses ${info.default_heuristic} instead.`;

// -- mode: board or word ladder --------------------------------------------------------------------
const mode = () => document.querySelector('input[name="mode"]:checked').value;

function setMode(value) {
  document.querySelector(`input[name="mode"][value="${value}"]`).checked = true;
  $("board-inputs").hidden = value !== "board";
  $("word-inputs").hidden = value !== "words";
}
for (const radio of document.querySelectorAll('input[name="mode"]')) {
  radio.addEventListener("change", () => setMode(mode()));
}

// -- checking the board as it is typed -------------------------------------------------------------
let checkTimer = null;
let checkToken = 0;

function scheduleCheck(delay = 350) {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkBoard, delay);
}

async function checkBoard() {
  if (solver.state !== "ready" || mode() !== "board") return;
  const token = ++checkToken;
  let answer;
  try {
    answer = await solver.request("check_board", boardParams());
  } catch {
    return;  // the worker died; the status line says so, and the client does not ask it again by itself
  }
  if (token !== checkToken || answer.field === "worker") return;
  clearErrors(["board", "goal", "heuristic"]);
  const note = $("board-note");
  if (answer.type === "error") {
    note.textContent = "";
    setError(answer.field, answer.message);
    return;
  }
  if (answer.type !== "board") return;
  note.dataset.solvable = String(answer.solvable);
  note.textContent = answer.solvable
    ? `${answer.n}×${answer.n} board, solvable in at least ${answer.estimate} moves.`
    : sentence(`${answer.n}×${answer.n} board, unsolvable; ${lowerFirst(answer.reason)}`);
}

function boardParams() {
  return {
    board: $("board").value,
    goal: $("use-goal").checked ? $("goal").value : "",
    heuristic: $("heuristic").value,
  };
}

$("board").addEventListener("input", () => { scheduleCheck(); syncGridFromText(); });
$("goal").addEventListener("input", () => scheduleCheck());
$("heuristic").addEventListener("change", () => scheduleCheck(0));
function setGoalText(text) {
  $("use-goal").checked = Boolean(text);
  $("goal-field").hidden = !text;
  $("goal").value = text;
}

$("use-goal").addEventListener("change", () => {
  $("goal-field").hidden = !$("use-goal").checked;
  if ($("use-goal").checked && !$("goal").value.trim()) {
    const n = squareRows($("board").value)?.length;
    if (n) $("goal").value = boardText(goalTiles(n), n);
  }
  scheduleCheck(0);
});

// -- the grid editor (layout only: the text stays the source of truth) -------------------------------
/** The text as rows of tokens when it is laid out as a square, else null (no validation here). */
function squareRows(text) {
  const rows = text.split("\n").map((line) => line.trim()).filter(Boolean).map((line) => line.split(/\s+/));
  if (rows.length < 2 || rows.some((row) => row.length !== rows.length)) return null;
  return rows;
}

function syncGridFromText() {
  if (!$("grid-editor").open) return;
  const grid = $("grid");
  const rows = squareRows($("board").value);
  if (!rows) {
    $("grid-note").textContent = "The grid shows boards typed as n rows of n numbers; edit the text above, or start a new grid.";
    grid.replaceChildren();
    return;
  }
  $("grid-note").textContent = "";
  const n = rows.length;
  $("grid-size").value = String(n);
  grid.style.setProperty("--n", String(n));
  const values = rows.flat();
  if (grid.children.length !== values.length) {
    grid.replaceChildren(...values.map((_, i) => {
      const input = document.createElement("input");
      input.inputMode = "numeric";
      input.autocomplete = "off";
      input.setAttribute("aria-label", `row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`);
      input.dataset.testid = `grid-cell-${i}`;
      input.addEventListener("input", syncTextFromGrid);
      return input;
    }));
  }
  values.forEach((value, i) => {
    const input = grid.children[i];
    if (document.activeElement !== input) input.value = value;
  });
}

function syncTextFromGrid() {
  const cells = [...$("grid").children];
  const n = Math.round(Math.sqrt(cells.length));
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(cells.slice(r * n, r * n + n).map((c) => c.value.trim() || "?").join(" "));
  $("board").value = rows.join("\n");
  scheduleCheck();
}

$("grid-editor").addEventListener("toggle", syncGridFromText);
$("grid-new").addEventListener("click", () => {
  const n = Math.max(2, Math.min(12, Math.round(Number($("grid-size").value)) || 3));
  $("board").value = boardText(goalTiles(n), n);
  $("grid").replaceChildren();
  syncGridFromText();
  scheduleCheck(0);
});

// -- examples from puzzles/ ------------------------------------------------------------------------
let examples = [];
fetch("puzzles.json").then((r) => (r.ok ? r.json() : [])).then((list) => {
  examples = Array.isArray(list) ? list : [];
  const select = $("example");
  const groups = { board: "Sliding boards", words: "Word ladders", text: "Other files" };
  for (const [kind, label] of Object.entries(groups)) {
    const items = examples.map((e, i) => [e, i]).filter(([e]) => (e.kind || "text") === kind);
    if (!items.length) continue;
    const group = document.createElement("optgroup");
    group.label = label;
    for (const [e, i] of items) group.append(new Option(e.title || e.name, String(i)));
    select.append(group);
  }
}).catch(() => {});

$("example").addEventListener("change", () => {
  const example = examples[Number($("example").value)];
  if (!example) return;
  clearErrors();
  clearResult();
  if (example.kind === "words") {
    setMode("words");
    $("start-word").value = example.start;
    $("goal-word").value = example.goal;
    if (example.dictionary) $("dictionary").value = example.dictionary;
  } else {
    setMode("board");
    $("board").value = example.board_text ?? example.text;
    setGoalText(example.goal_text || "");
    syncGridFromText();
    scheduleCheck(0);
  }
});

// -- share links: #board= and #words= (wiring.js routes them here) -----------------------------------
/** Put a link's puzzle into the form; a refused board link leaves a fresh board, and the reason shows. */
function loadFragment(fragment) {
  clearErrors();
  clearResult();
  let puzzle;
  try {
    puzzle = parseFragment(fragment);
  } catch (error) {
    if (!(error instanceof FragmentError)) throw error;
    refuseFragment(fragmentKind(fragment), error.message);
    return;
  }
  if (puzzle.kind === "board") showBoardPuzzle(puzzle);
  else if (puzzle.kind === "words") showWordPuzzle(puzzle);
}

function refuseFragment(kind, reason) {
  if (kind === "board") {
    const n = 3, tiles = dealTiles(3);
    setError("link", refusal(reason, "here is a fresh board instead"));
    showBoardPuzzle({ n, tiles });
    history.replaceState(history.state, "", `#${boardFragment({ n, tiles })}`);  // the broken link leaves the address bar
  } else {
    setError("link", refusal(reason));
    showWordPuzzle({ start: "", goal: "" });
    history.replaceState(history.state, "", location.pathname + location.search);
  }
}

function showBoardPuzzle({ n, tiles, goal = null, heuristic = null }) {
  setMode("board");
  $("board").value = boardText(tiles, n);
  setGoalText(goal ? boardText(goal, n) : "");
  if (heuristic) chooseHeuristic(heuristic);
  $("board-note").textContent = "";
  syncGridFromText();
  scheduleCheck(0);
}

function showWordPuzzle({ start, goal, dictionary = "common" }) {
  setMode("words");
  $("start-word").value = start;
  $("goal-word").value = goal;
  $("dictionary").value = dictionary;
}

/** The form's puzzle as a share link, or null while it is not one the solver accepts. */
async function formFragment() {
  if (mode() === "words") {
    const start = $("start-word").value.trim().toLowerCase(), goal = $("goal-word").value.trim().toLowerCase();
    return start && goal ? wordsFragment({ start, goal, dictionary: $("dictionary").value }) : null;
  }
  if (solver.state !== "ready") return null;
  const answer = await solver.request("check_board", boardParams()).catch(() => null);
  if (!answer || answer.type !== "board") return null;
  const heuristic = answer.heuristic === solver.info.default_heuristic ? null : answer.heuristic;
  return boardFragment({ n: answer.n, tiles: answer.tiles, goal: answer.goal, heuristic });
}

// -- solving ---------------------------------------------------------------------------------------
const player = new Player({
  board: $("player-board"), position: $("player-position"), back: $("step-back"),
  playPause: $("play-pause"), forward: $("step-forward"), scrub: $("player-scrub"),
}, { intervalMs: matchMedia("(prefers-reduced-motion: reduce)").matches ? 1000 : 500 });

let solveToken = 0;
const resultEl = $("result");

function clearResult() {
  if ($("solve-form").dataset.busy === "true") solver.cancel(null, "form");  // the game's requests go on
  solveToken++;
  player.clear();
  $("moves").textContent = "";
  $("moves-line").hidden = true;
  $("result-message").textContent = "";
  $("result-stats").textContent = "";
  $("solution-notation").textContent = "";
  $("player").hidden = true;
  $("solution-details").hidden = true;
  $("solution-list").replaceChildren();
  $("ladder").hidden = true;
  $("ladder").replaceChildren();
  $("progress").hidden = true;
  $("result-actions").hidden = true;
  resultEl.dataset.status = "";
  setBusy(false);
}

function setBusy(busy) {
  $("cancel").disabled = !busy;
  $("solve-form").dataset.busy = String(busy);
  resultEl.setAttribute("aria-busy", String(busy));
}

function showProgress(message) {
  const progress = $("progress");
  progress.hidden = false;
  progress.textContent = message;
}

function onProgress(message) {
  if (message.type === "loading") {
    const kb = (bytes) => Math.round(bytes / 1024).toLocaleString("en");
    showProgress(`Downloading ${message.url}: ${kb(message.loaded)}${message.total ? ` of ${kb(message.total)}` : ""} kB…`);
  } else {
    const best = message.best ? `; best answer so far ${message.best} moves` : "";
    showProgress(`Searching: ${message.expanded.toLocaleString("en")} nodes expanded, frontier ${message.frontier.toLocaleString("en")}, ` +
      `at least ${message.bound} moves${best}, ${message.seconds.toFixed(1)} s.`);
  }
}

async function solve() {
  clearErrors();
  clearResult();
  const words = mode() === "words";
  const op = words ? "solve_words" : "solve_board";
  const params = words
    ? { start: $("start-word").value, goal: $("goal-word").value, dictionary: $("dictionary").value }
    : boardParams();
  await run(op, { ...params, owner: "form" });
}

// The last request the form sent, so "Fast answer" can ask the same with the fast algorithm.
let lastRequest = null;

// Send one request from the form (a solve, a resumed solve) and show its progress and answer.
async function run(op, params) {
  const token = solveToken;
  if (op !== "resume") lastRequest = { op, params };
  if (app.maxSeconds) params = { ...params, max_seconds: app.maxSeconds };  // test hook: a shorter budget
  setBusy(true);
  showProgress(solver.state === "ready" ? "Solving…" : "Waiting for the solver to start…");
  let answer;
  try {
    const progress = (message) => { if (token === solveToken) onProgress(message); };
    answer = await solver.request(op, params, progress, { again: true });  // the person asked for it
  } catch (error) {
    if (token !== solveToken) return;
    setBusy(false);
    $("progress").hidden = true;
    resultEl.dataset.status = "error";
    $("form-error").textContent = sentence(error.message, "press Solve to try again");
    return;
  }
  if (token !== solveToken) return;
  setBusy(false);
  $("progress").hidden = true;
  showAnswer(answer);
  bringIntoView(resultEl);
}

// On a phone the result is below the form: bring the answer into view when it arrives.
function bringIntoView(element) {
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.top > window.innerHeight - 40) element.scrollIntoView({ block: "start" });
}

function offerMore(answer) {
  const resumable = Boolean(answer.resumable);
  const fast = answer.status === "stopped" && answer.kind === "board" && lastRequest && lastRequest.params.algorithm !== "weighted";
  $("keep-going").hidden = !resumable;
  $("keep-going").dataset.job = resumable ? String(answer.job) : "";
  $("fast-answer").hidden = !fast;
  $("result-actions").hidden = !resumable && !fast;
}

$("keep-going").addEventListener("click", () => {
  const job = Number($("keep-going").dataset.job);
  clearResult();
  run("resume", { job, owner: "form" });
});
$("fast-answer").addEventListener("click", () => {
  const { op, params } = lastRequest;
  clearResult();
  run(op, { ...params, algorithm: "weighted" });
});

function showAnswer(answer) {
  if (answer.type === "error") {
    resultEl.dataset.status = "error";
    setError(answer.field, answer.message);
    const [inputId] = FIELDS[answer.field] || [];
    if (inputId && !$(inputId).closest("[hidden]")) $(inputId).focus();
    return;
  }
  resultEl.dataset.status = answer.status;
  const took = (seconds) => (seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(1)} s`);
  const stats = answer.expanded !== undefined
    ? `${answer.expanded.toLocaleString("en")} nodes expanded, ${answer.max_frontier.toLocaleString("en")} at most on the frontier, ${took(answer.seconds)}.`
    : "";
  offerMore(answer);
  if (answer.status === "solved") {
    $("moves-label").textContent = answer.optimal === false ? "Number of moves (not proven shortest) = " : "Minimum number of moves = ";
    $("result-message").textContent = answer.message || "";
    $("moves").textContent = String(answer.moves);
    $("moves-line").hidden = false;
    $("result-stats").textContent = [answer.method, stats].filter(Boolean).join(": ");
    if (answer.kind === "board") showBoardSolution(answer);
    else showLadder(answer.ladder);
  } else if (answer.status === "unsolvable") {
    $("moves-label").textContent = "Result: ";
    $("moves").textContent = "unsolvable";
    $("moves-line").hidden = false;
    $("result-message").textContent = sentence(answer.reason);
  } else if (answer.status === "stopped") {
    $("result-message").textContent = sentence(answer.message);
    $("result-stats").textContent = stats;
  } else if (answer.status === "cancelled") {
    $("result-message").textContent = "Cancelled.";
    $("result-stats").textContent = stats;
  }
}

// The answer lists the blank's cell after each move: the page replays those moves from the start.
function showBoardSolution(answer) {
  const { n, tiles, goal } = answer.board;
  const moves = movesAlongBlankPath(n, tiles.indexOf(0), answer.blank_path);
  const positions = positionsAlong(tiles, n, moves);
  $("solution-notation").textContent = `As moves: ${toNotation(moves) || "none"} (letters: the way a tile slides).`;
  player.load(positions, n, goal);
  $("player").hidden = false;
  const items = positions.map(({ tiles }, i) => {
    const li = document.createElement("li");
    const label = document.createElement("span");
    label.className = "step";
    label.textContent = i === 0 ? "Start" : `Move ${i}`;
    const pre = document.createElement("pre");
    pre.textContent = boardText(tiles, n);
    li.append(label, pre);
    return li;
  });
  $("solution-list").replaceChildren(...items);
  $("solution-details").hidden = false;
}

function showLadder(ladder) {
  $("ladder").replaceChildren(...ladder.map((word) => {
    const li = document.createElement("li");
    li.textContent = word;
    return li;
  }));
  $("ladder").hidden = false;
}

$("solve-form").addEventListener("submit", (event) => {
  event.preventDefault();
  solve();
});
$("cancel").addEventListener("click", () => solver.cancel(null, "form"));  // the game's requests go on

solver.addEventListener("status", (event) => {
  if (event.detail.state === "died" && $("solve-form").dataset.busy === "true") showProgress("The solver stopped; starting a new one…");
});

/** Back to a blank slate without reloading (tests use this between cases; the worker stays up). */
app.reset = () => {
  clearErrors();
  clearResult();
  setMode("board");
  setGoalText("");
  $("example").value = "";
  $("board-note").textContent = "";
  if (solver.info) $("heuristic").value = solver.info.default_heuristic;
};
app.clearResult = () => clearResult();

// An empty board view until the first solution, so the layout does not jump.
renderBoard($("player-board"), goalTiles(3), 3);
app.game = wirePage({
  solver,
  form: { element: $("solve-form"), actions: document.querySelector("#solve-form .actions"), fragment: formFragment, loadFragment },
}).game;
// The step-through view: opened by #explain= links and by the form's button (for the form's puzzle).
const explainView = mountExplain($("explain"), solver);
app.explain = explainView;
const openExplainLink = () => { if (location.hash.startsWith("#explain=")) explainView.open(location.hash); };
window.addEventListener("hashchange", openExplainLink);
solver.ready.then(openExplainLink);
$("step-through").addEventListener("click", async () => {
  const fragment = await formFragment();
  if (!fragment) { setError("board", "Enter a board or a word pair to step through."); return; }
  location.hash = `explain=${fragment}`;
});

import("./player.js");   // the player's features over the game (judged moves, deals, notation, stats…)
if (window.__solveRequested) {  // Solve was pressed before this module ran (see index.html)
  window.__solveRequested = false;
  solve();
}

export { app };
