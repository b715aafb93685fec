// app.js -- the solver page: forms, URL hooks, progress, results.  Python runs only in worker.js;
// every check and answer comes from puzzlesolver.webapi through the SolverClient.
//
// URL hooks (also in the README):  #board=3:8,1,3,4,0,2,7,6,5[&goal=...][&h=hamming]  and
// #words=horse,nurse[&dict=large] load a puzzle; the button named "Solve" solves it; the element with
// data-testid="moves" then holds only the optimal number of moves, or the word "unsolvable".
// Other fragments (e.g. the game's "play=...") are left to their own module.

import { SolverClient } from "./solver-client.js";
import { Player, boardText, renderBoard } from "./board-view.js";
import { goalTiles } from "./game-core.js";
import { mountGame } from "./game.js";
import { registerOffline } from "./game-offline.js";

const $ = (id) => document.getElementById(id);

const solver = new SolverClient();
const app = { solver, loaded: Promise.resolve(), readyAt: null };
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
    statusEl.textContent = `Solver ready (Python ${solver.info.python}, started in ${(solver.readyMs / 1000).toFixed(1)} s).`;
    fillHeuristics(solver.info);
    scheduleCheck(0);
  } else if (state === "died") {
    statusEl.textContent = `The solver stopped unexpectedly (${message}).`;
  } else if (state === "fatal") {
    statusEl.textContent = `The solver could not start: ${message}. Reload the page to try again.`;
  }
});

const HEURISTIC_LABELS = {
  auto: "auto: the strongest for this size",
  pdb: "pdb: pattern databases (3x3, 4x4)",
  "linear-conflict": "linear-conflict: Manhattan + line conflicts",
  "walking-distance": "walking-distance (up to 4x4)",
};

/** Fill the board form with a new random solvable 3x3 board (after a link was refused). */
async function showFreshBoard() {
  const dealt = await solver.request("deal", { n: 3 });
  if (dealt.type !== "deal") return;
  setMode("board");
  $("board").value = boardText(dealt.tiles, 3);
  syncGridFromText();
}

function fillHeuristics(info) {
  const select = $("heuristic");
  const current = select.value;
  select.replaceChildren(...info.heuristics.map((name) => new Option(HEURISTIC_LABELS[name] || name, name)));
  select.value = info.heuristics.includes(current) ? current : info.default_heuristic;
}

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
    return;  // the worker died; the status line says so
  }
  if (token !== checkToken) return;
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
    ? `${answer.n}×${answer.n} board, solvable; ${answer.estimate_heuristic || answer.heuristic} estimate ${answer.estimate} moves.`
    : `${answer.n}×${answer.n} board, unsolvable: ${answer.reason}.`;
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
    $("use-goal").checked = Boolean(example.goal_text);
    $("goal-field").hidden = !example.goal_text;
    $("goal").value = example.goal_text || "";
    syncGridFromText();
    scheduleCheck(0);
  }
});

// -- URL hooks -------------------------------------------------------------------------------------
function loadFromHash() {
  const fragment = location.hash.replace(/^#/, "");
  if (!/^(board|words)=/.test(fragment)) return;
  clearErrors();
  clearResult();
  if (fragment.startsWith("board=")) {
    setMode("board");
    $("board").value = "";
    $("board-note").textContent = "Loading the board from the link…";
  } else {
    setMode("words");
    $("start-word").value = "";
    $("goal-word").value = "";
  }
  app.loaded = (async () => {
    const answer = await solver.request("fragment", { fragment });
    if (answer.type === "error") {
      $("board-note").textContent = "";
      setError(answer.field, answer.message);
      if (fragment.startsWith("board=")) await showFreshBoard();  // a fresh puzzle instead; the message stays
      return;
    }
    if (answer.kind === "board") {
      setMode("board");
      $("board").value = answer.board_text;
      $("use-goal").checked = Boolean(answer.goal_text);
      $("goal-field").hidden = !answer.goal_text;
      $("goal").value = answer.goal_text;
      if (answer.heuristic) {
        if ([...$("heuristic").options].some((o) => o.value === answer.heuristic)) $("heuristic").value = answer.heuristic;
        else setError("heuristic", `the link asks for the heuristic ${answer.heuristic}, which this solver does not have`);
      }
      $("board-note").textContent = "";
      syncGridFromText();
      scheduleCheck(0);
    } else {
      setMode("words");
      $("start-word").value = answer.start;
      $("goal-word").value = answer.goal;
      $("dictionary").value = answer.dictionary;
    }
  })().catch((error) => setError("link", `the link could not be loaded: ${error.message}`));
}
window.addEventListener("hashchange", loadFromHash);

// -- solving ---------------------------------------------------------------------------------------
const player = new Player({
  board: $("player-board"), position: $("player-position"), back: $("step-back"),
  playPause: $("play-pause"), forward: $("step-forward"), scrub: $("player-scrub"),
}, { intervalMs: matchMedia("(prefers-reduced-motion: reduce)").matches ? 1000 : 500 });

let solveToken = 0;
const resultEl = $("result");

function clearResult() {
  if ($("solve-form").dataset.busy === "true") solver.cancel();
  solveToken++;
  player.clear();
  $("moves").textContent = "";
  $("moves-line").hidden = true;
  $("result-message").textContent = "";
  $("result-stats").textContent = "";
  $("player").hidden = true;
  $("solution-details").hidden = true;
  $("solution-list").replaceChildren();
  $("ladder").hidden = true;
  $("ladder").replaceChildren();
  $("progress").hidden = true;
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
    showProgress(`Searching: ${message.expanded.toLocaleString("en")} nodes expanded, frontier ${message.frontier.toLocaleString("en")}, ` +
      `bound ${message.bound} moves, ${message.seconds.toFixed(1)} s.`);
  }
}

async function solve() {
  clearErrors();
  clearResult();
  const token = solveToken;
  const words = mode() === "words";
  const op = words ? "solve_words" : "solve_board";
  const params = words
    ? { start: $("start-word").value, goal: $("goal-word").value, dictionary: $("dictionary").value }
    : boardParams();
  setBusy(true);
  showProgress(solver.state === "ready" ? "Solving…" : "Waiting for the solver to start…");
  let answer;
  try {
    answer = await solver.request(op, params, (message) => { if (token === solveToken) onProgress(message); });
  } catch (error) {
    if (token !== solveToken) return;
    setBusy(false);
    $("progress").hidden = true;
    resultEl.dataset.status = "error";
    $("form-error").textContent = `${error.message}. Press Solve to try again.`;
    return;
  }
  if (token !== solveToken) return;
  setBusy(false);
  $("progress").hidden = true;
  showAnswer(answer);
}

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
  if (answer.status === "solved") {
    $("moves-label").textContent = "Minimum number of moves = ";
    $("moves").textContent = String(answer.moves);
    $("moves-line").hidden = false;
    $("result-stats").textContent = [answer.method, stats].filter(Boolean).join(": ");
    if (answer.kind === "board") showBoardSolution(answer);
    else showLadder(answer.ladder);
  } else if (answer.status === "unsolvable") {
    $("moves-label").textContent = "Result: ";
    $("moves").textContent = "unsolvable";
    $("moves-line").hidden = false;
    $("result-message").textContent = capitalize(answer.reason) + ".";
  } else if (answer.status === "stopped") {
    $("result-message").textContent = capitalize(answer.message) + ".";
    $("result-stats").textContent = stats;
  } else if (answer.status === "cancelled") {
    $("result-message").textContent = "Cancelled.";
    $("result-stats").textContent = stats;
  }
}

function showBoardSolution(answer) {
  const { n, goal } = answer.board;
  player.load(answer.path, n, goal);
  $("player").hidden = false;
  const items = answer.path.map((tiles, i) => {
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

const capitalize = (text) => (text ? text[0].toUpperCase() + text.slice(1) : "");

$("solve-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  await app.loaded.catch(() => {});
  solve();
});
$("cancel").addEventListener("click", () => solver.cancel());

solver.addEventListener("status", (event) => {
  if (event.detail.state === "died" && $("solve-form").dataset.busy === "true") showProgress("The solver stopped; starting a new one…");
});

/** Back to a blank slate without reloading (tests use this between cases; the worker stays up). */
app.reset = () => {
  clearErrors();
  clearResult();
  setMode("board");
  $("use-goal").checked = false;
  $("goal-field").hidden = true;
  $("goal").value = "";
  $("example").value = "";
  $("board-note").textContent = "";
  if (solver.info) $("heuristic").value = solver.info.default_heuristic;
};
app.clearResult = () => clearResult();

// An empty board view until the first solution, so the layout does not jump.
renderBoard($("player-board"), goalTiles(3), 3);
loadFromHash();
if (window.__solveRequested) {  // Solve was pressed before this module ran (see index.html)
  window.__solveRequested = false;
  app.loaded.catch(() => {}).then(solve);
}

// -- play, share, offline (issue 4; owner: game.js / game-offline.js) ------------------------------
// The game mounts in <section id="play">, playable at once; it gets the solver when the worker is ready,
// and the service worker is registered then (the worker's downloads are in the HTTP cache by then).
// The URL fragment follows whichever puzzle the person touched last: the game (#play=), the board
// form (#board=, from the engine's own board_fragment via check_board) or the word pair (#words=).
{
  const playSection = $("play");
  playSection.hidden = false;
  const fromLink = location.hash.startsWith("#play=") ? location.hash.slice(1) : "";
  const game = mountGame(playSection, { fragment: fromLink });
  app.game = game;
  if (fromLink) playSection.scrollIntoView({ block: "start" });
  const offlineNote = document.createElement("p");
  offlineNote.className = "note";
  offlineNote.dataset.testid = "offline-status";
  document.querySelector("header.top").append(offlineNote);
  const offlineText = { "offline ready": "Saved on this device: works offline.", "update ready": "A new version is ready." };
  const onStatus = () => {
    game.setSolver(solver.state === "ready" ? solver : null);
    if (solver.state === "ready") {
      registerOffline({ onStatus: (status) => { offlineNote.textContent = offlineText[status] || `Offline use: ${status}`; } });
    }
  };
  solver.addEventListener("status", onStatus);
  onStatus();
  window.addEventListener("hashchange", () => {
    if (location.hash.startsWith("#play=") && location.hash.slice(1) !== game.fragment()) {
      game.loadFragment(location.hash.slice(1));
      playSection.scrollIntoView({ block: "start" });
    }
  });

  // The solver form in the link: ask the engine for the board's fragment, build the word pair's here.
  const setFragment = (fragment) => {
    game.active = false;
    if (location.hash.slice(1) !== fragment) history.replaceState(history.state, "", `#${fragment}`);
  };
  let linkTimer = null, linkToken = 0;
  const formFragment = async () => {   // the form's puzzle as a fragment, or null while it is not valid
    if (mode() === "words") {
      const start = $("start-word").value.trim().toLowerCase(), goal = $("goal-word").value.trim().toLowerCase();
      if (!start || !goal) return null;
      const dict = $("dictionary").value;
      return `words=${encodeURIComponent(start)},${encodeURIComponent(goal)}` + (dict === "common" ? "" : `&dict=${encodeURIComponent(dict)}`);
    }
    if (solver.state !== "ready") return null;
    const answer = await solver.request("check_board", boardParams()).catch(() => null);
    if (!answer || answer.type !== "board" || !answer.fragment) return null;
    const heuristic = answer.heuristic && answer.heuristic !== (solver.info?.default_heuristic || "manhattan") ? `&h=${encodeURIComponent(answer.heuristic)}` : "";
    return answer.fragment + heuristic;
  };
  const syncLink = () => {
    clearTimeout(linkTimer);
    linkTimer = setTimeout(async () => {
      const token = ++linkToken;
      const fragment = await formFragment();
      if (token === linkToken && fragment) setFragment(fragment);
    }, 400);
  };
  for (const id of ["board", "goal", "start-word", "goal-word"]) $(id).addEventListener("input", syncLink);
  for (const id of ["heuristic", "use-goal", "dictionary"]) $(id).addEventListener("change", syncLink);
  for (const input of document.querySelectorAll("input[name=mode]")) input.addEventListener("change", syncLink);
  $("grid").addEventListener("input", syncLink);
  $("example").addEventListener("change", syncLink);

  // A Share button for the solver form's puzzle too (the game has its own).
  const shareForm = document.createElement("button");
  shareForm.type = "button";
  shareForm.textContent = "Share puzzle";
  shareForm.dataset.testid = "share";
  const shareNote = document.createElement("span");
  shareNote.className = "note";
  shareNote.setAttribute("role", "status");
  shareNote.dataset.testid = "share-note";
  shareForm.addEventListener("click", async () => {
    clearTimeout(linkTimer);
    ++linkToken;
    const fragment = await formFragment();
    if (!fragment) { shareNote.textContent = "Enter a puzzle the solver accepts, then share it."; return; }
    setFragment(fragment);
    const url = location.href;
    let copied = false;
    try { await navigator.clipboard.writeText(url); copied = true; } catch { copied = false; }
    shareNote.textContent = copied ? "Link copied." : `Copy this link: ${url}`;
  });
  document.querySelector("#solve-form .actions").append(shareForm, shareNote);

  // A way to the game from the top of the page.
  const jump = document.createElement("button");
  jump.type = "button";
  jump.className = "play-jump";
  jump.textContent = "Sliding puzzle game ↓";
  jump.dataset.testid = "play-jump";
  jump.addEventListener("click", () => {
    playSection.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    (playSection.querySelector(".play-tile.can-move") || playSection.querySelector("button")).focus({ preventScroll: true });
  });
  document.querySelector("header.top").append(jump);
}

export { app };
