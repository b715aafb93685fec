// game.js -- the sliding board as a game: play, undo/redo, hints and "solve from here", share by link.
//
//   import { mountGame } from "./game.js";
//   const game = mountGame(document.getElementById("play"), { onFragment: (f) => ... });
//   game.setSolver(solverClient);   // a SolverClient (solver-client.js), once its worker is ready
//   game.loadFragment("play=4:...&moves=lru")   // from a shared link; shows a message and deals afresh if refused
//
// The page itself knows one rule (a tile slides into the blank); deals once the solver is up, hints,
// distances and solutions come from the Python engine through the worker (solver-client.js):
//   deal         {n, goal}                     -> {type: "deal", tiles}
//   solve_board  {board, goal} (rows as text)  -> {type: "result", status: "solved", path: [tiles...]}
// A hint is the first move of that optimal path, the distance its length, "Solve from here" plays it.
// Nothing taken from a URL or the worker is inserted as HTML: every text goes through textContent.

import {
  MIN_SIZE, MAX_SIZE, DIRS, goalTiles, sameTiles, dealTiles, slidesFor, applyMove, applyMoves,
  cellForDir, dirOfTile, parsePlayFragment, playFragment, FragmentError,
} from "./game-core.js";

export { parsePlayFragment, playFragment, FragmentError };

const KEY_DIRS = {
  ArrowLeft: "l", ArrowRight: "r", ArrowUp: "u", ArrowDown: "d",
  a: "l", d: "r", w: "u", s: "d", A: "l", D: "r", W: "u", S: "d",
};
const SWIPE_MIN_PX = 24;
const SOLVE_STEP_MS = 320;

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
}

function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function plural(k, word) {
  return `${k} ${word}${k === 1 ? "" : "s"}`;
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function mountGame(root, options = {}) {
  const onFragment = options.onFragment || ((fragment) => {
    history.replaceState(history.state, "", `${location.pathname}${location.search}#${fragment}`);
  });

  // ---- state ----------------------------------------------------------------------------------
  const state = {
    n: 4, start: null, goal: null, tiles: null,
    past: [],            // actions done, each a string of single-tile moves ("lll" for one click that slid 3 tiles)
    future: [],          // actions undone, for redo
    startedAt: null, elapsed: 0, solved: false, assisted: 0, hints: 0,
    optimalStart: null,  // optimal moves for the starting board, once known
    plan: null,          // {key, moves}: an optimal solution from the position `key`
    hintTile: null,
  };
  let solver = null;
  let busy = null;       // {cancelled} while a request to the solver is in flight
  let autoplay = null;   // timer id while "Solve from here" animates
  let tick = null;
  let suppressClick = false;

  // ---- DOM ------------------------------------------------------------------------------------
  root.classList.add("play");
  const sizeSelect = el("select", { id: "play-size", "data-testid": "play-size" });
  for (let k = MIN_SIZE; k <= MAX_SIZE; k++) sizeSelect.append(el("option", { value: String(k), text: `${k} × ${k}` }));
  const btn = (text, testid, handler, extra = {}) => {
    const b = el("button", { type: "button", text, "data-testid": testid, ...extra });
    b.addEventListener("click", handler);
    return b;
  };
  const newBtn = btn("New puzzle", "play-new", () => { active = true; newPuzzle(Number(sizeSelect.value)); });
  const restartBtn = btn("Restart", "play-restart", () => { active = true; restart(); });
  const undoBtn = btn("Undo", "play-undo", () => undo(), { "aria-keyshortcuts": "Control+Z" });
  const redoBtn = btn("Redo", "play-redo", () => redo(), { "aria-keyshortcuts": "Control+Y" });
  const hintBtn = btn("Hint", "play-hint", () => hint());
  // Named "Finish from here" (not "Solve…") so that the solver form's "Solve" stays the only button of that name.
  const solveBtn = btn("Finish from here", "play-solve", () => (autoplay ? stopAutoplay(true) : solveFromHere()),
    { title: "Solve from here: play an optimal solution from this position" });
  const distBtn = btn("Optimal distance", "play-distance-button", () => distance());
  const shareBtn = btn("Share game", "play-share", () => share());
  const cancelBtn = btn("Cancel", "play-cancel", () => cancelRequest());
  cancelBtn.hidden = true;

  const movesOut = el("output", { "data-testid": "play-moves", text: "0" });
  const timeOut = el("output", { "data-testid": "play-timer", text: "0:00" });
  const distOut = el("output", { "data-testid": "play-distance", text: "?" });
  const solverNote = el("span", { class: "play-solver-note", "data-testid": "play-solver-note", text: "Solver loading…" });
  const board = el("div", { class: "play-board", role: "group", "data-testid": "play-board" });
  const live = el("div", { class: "play-live", role: "status", "aria-live": "polite", "data-testid": "play-live" });
  const message = el("p", { class: "play-message", role: "alert", "data-testid": "play-message" });
  message.hidden = true;
  const result = el("p", { class: "play-result", "data-testid": "play-result" });
  result.hidden = true;
  const shareField = el("input", { type: "text", readOnly: true, class: "play-share-link", "data-testid": "play-share-link", "aria-label": "Link to this game" });
  shareField.hidden = true;

  root.replaceChildren(
    el("h2", { id: "play-heading", text: "Play the sliding puzzle" }),
    el("div", { class: "play-controls" },
      el("label", { for: "play-size", text: "Size " }), sizeSelect, newBtn, restartBtn, undoBtn, redoBtn),
    el("div", { class: "play-controls" }, hintBtn, solveBtn, distBtn, cancelBtn, solverNote),
    el("p", { class: "play-stats" },
      "Moves ", movesOut, " · Time ", timeOut, " · Optimal from here ", distOut),
    message,
    board,
    result,
    el("div", { class: "play-controls" }, shareBtn, shareField),
    el("p", { class: "play-help", text: "Click or tap a tile in the blank's row or column, use the arrow keys or W A S D, or swipe on the board." }),
    live,
  );

  const tileButtons = new Map();

  // ---- rendering --------------------------------------------------------------------------------
  function buildTiles() {
    board.replaceChildren();
    tileButtons.clear();
    board.style.setProperty("--n", String(state.n));
    board.setAttribute("aria-label", `Board, ${state.n} by ${state.n}`);
    for (let t = 1; t < state.n * state.n; t++) {
      const b = el("button", { type: "button", class: "play-tile", "data-tile": String(t), text: String(t) });
      b.addEventListener("click", () => {
        if (suppressClick) return;
        clickTile(t);
      });
      tileButtons.set(t, b);
      board.append(b);
    }
  }

  function render() {
    const { n, tiles } = state;
    const blank = tiles.indexOf(0);
    for (let cell = 0; cell < tiles.length; cell++) {
      const t = tiles[cell];
      if (!t) continue;
      const b = tileButtons.get(t);
      const r = Math.floor(cell / n), c = cell % n;
      b.style.setProperty("--r", String(r));
      b.style.setProperty("--c", String(c));
      const home = state.goal[cell] === t;
      b.classList.toggle("is-home", home);
      b.classList.toggle("is-hint", state.hintTile === t);
      const slides = slidesFor(tiles, n, cell);
      b.classList.toggle("can-move", !!slides);
      b.setAttribute("aria-label",
        `${t}, row ${r + 1}, column ${c + 1}` + (slides ? `, slides ${DIRS[slides[0]].name}` : "") +
        (state.hintTile === t ? ", hint" : ""));
    }
    board.dataset.blank = String(blank);
    board.dataset.tiles = tiles.join(",");
    movesOut.textContent = String(moveCount());
    timeOut.textContent = formatTime(currentElapsed());
    undoBtn.disabled = !state.past.length;
    redoBtn.disabled = !state.future.length;
    restartBtn.disabled = !state.past.length && !state.future.length;
    const ready = !!solver;
    hintBtn.disabled = !ready || state.solved || !!busy;
    solveBtn.disabled = !ready || (state.solved && !autoplay) || (!!busy && !autoplay);
    distBtn.disabled = !ready || !!busy;
    solveBtn.textContent = autoplay ? "Stop" : "Finish from here";
    const known = planFor(state.tiles);
    distOut.textContent = known ? String(known.length) : (sameTiles(state.tiles, state.goal) ? "0" : "?");
    root.dataset.solved = state.solved ? "true" : "false";
    if (busy) root.dataset.busy = busy.op; else delete root.dataset.busy;
    root.dataset.solver = solver ? "ready" : "waiting";
  }

  function moveCount() {
    return state.past.reduce((sum, action) => sum + action.length, 0);
  }

  function currentElapsed() {
    return state.elapsed + (state.startedAt !== null ? performance.now() - state.startedAt : 0);
  }

  function startTimer() {
    if (state.startedAt !== null || state.solved) return;
    state.startedAt = performance.now();
    tick = setInterval(() => { timeOut.textContent = formatTime(currentElapsed()); }, 250);
  }

  function stopTimer() {
    if (state.startedAt !== null) state.elapsed += performance.now() - state.startedAt;
    state.startedAt = null;
    clearInterval(tick);
    tick = null;
  }

  function announce(text) {
    live.textContent = text;
  }

  function showMessage(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  // The URL fragment follows the game once the person plays it (or opened it from a link); until then
  // the page's other puzzle (a #board= or #words= link) keeps the address bar.
  let active = false;
  function publish() {
    if (active) onFragment(fragment());
  }

  // ---- loading a game -----------------------------------------------------------------------
  function load({ n, start, goal, moves = "" }) {
    stopAutoplay(false);
    cancelRequest();
    stopTimer();
    const sizeChanged = n !== state.n || !tileButtons.size;
    state.n = n;
    state.start = start.slice();
    state.goal = goal ? goal.slice() : goalTiles(n);
    state.tiles = start.slice();
    state.past = [];
    state.future = [];
    state.elapsed = 0;
    state.solved = false;
    state.assisted = 0;
    state.hints = 0;
    state.optimalStart = null;
    state.plan = null;
    state.hintTile = null;
    result.hidden = true;
    shareField.hidden = true;
    sizeSelect.value = String(n);
    if (sizeChanged) buildTiles();
    for (const m of moves) {
      const step = applyMove(state.tiles, n, m);
      state.tiles = step.tiles;
      state.past.push(m);
    }
    board.classList.add("no-anim");
    render();
    void board.offsetWidth;   // lay out the new positions before transitions come back on
    board.classList.remove("no-anim");
    if (sameTiles(state.tiles, state.goal) && state.past.length) finish();
    publish();
  }

  function newPuzzle(n) {
    showMessage("");
    const goal = goalTiles(n);
    if (!solver) {
      load({ n, start: dealTiles(n, goal), goal });
      announce(`New ${n} by ${n} puzzle.`);
      return;
    }
    request("deal", { n, goal }, null, (res) => {
      load({ n, start: res.tiles, goal });
      announce(`New ${n} by ${n} puzzle.`);
    });
  }

  function loadFragment(text) {
    try {
      const parsed = parsePlayFragment(text);
      showMessage("");
      active = true;
      load(parsed);
      announce(`Shared ${parsed.n} by ${parsed.n} game opened` + (parsed.moves ? ` after ${plural(parsed.moves.length, "move")}.` : "."));
      return true;
    } catch (error) {
      if (!(error instanceof FragmentError)) throw error;
      refuse(error.message);
      return false;
    }
  }

  function refuse(reason) {
    active = true;            // the fresh puzzle replaces the refused link in the address bar
    newPuzzle(state.n || 4);
    showMessage(`This link could not be opened: ${reason}. Here is a fresh puzzle instead.`);
  }

  function fragment() {
    return playFragment({ n: state.n, start: state.start, goal: state.goal, moves: state.past.join("") });
  }

  // ---- moves --------------------------------------------------------------------------------
  function play(action, { assisted = false, fromAutoplay = false } = {}) {
    if (!action || state.solved) return false;
    if (!fromAutoplay) stopAutoplay(false);
    active = true;
    const before = state.tiles;
    const after = applyMoves(before, state.n, action);
    if (!after) return false;
    const movedTiles = [];
    let cur = before;
    for (const m of action) {
      const step = applyMove(cur, state.n, m);
      movedTiles.push(step.tile);
      cur = step.tiles;
    }
    advancePlan(before, action);
    state.tiles = after;
    state.past.push(action);
    state.future = [];
    state.hintTile = null;
    if (assisted) state.assisted += action.length;
    startTimer();
    const dirName = DIRS[action[0]].name;
    const what = movedTiles.length === 1 ? `${movedTiles[0]} slid ${dirName}` : `${movedTiles.join(", ")} slid ${dirName}`;
    render();
    publish();
    if (sameTiles(state.tiles, state.goal)) finish();
    else announce(`${what}. ${plural(moveCount(), "move")}.`);
    return true;
  }

  function clickTile(t) {
    const cell = state.tiles.indexOf(t);
    const action = slidesFor(state.tiles, state.n, cell);
    if (!action) {
      announce(`${t} is not in the blank's row or column.`);
      return;
    }
    play(action);
  }

  function slideDir(dir) {
    if (cellForDir(state.tiles, state.n, dir) < 0) {
      announce(`No tile can slide ${DIRS[dir].name}.`);
      return false;
    }
    return play(dir);
  }

  function undo() {
    stopAutoplay(false);
    if (!state.past.length) return;
    active = true;
    const action = state.past.pop();
    const inverse = [...action].reverse().map((m) => ({ l: "r", r: "l", u: "d", d: "u" })[m]).join("");
    state.tiles = applyMoves(state.tiles, state.n, inverse);
    state.future.push(action);
    state.hintTile = null;
    if (state.solved) { state.solved = false; result.hidden = true; }
    render();
    publish();
    announce(`Undone. ${plural(moveCount(), "move")}.`);
  }

  function redo() {
    stopAutoplay(false);
    if (!state.future.length) return;
    const action = state.future.pop();
    const future = state.future;
    play(action);
    state.future = future;
    render();
  }

  function restart() {
    const { optimalStart, plan } = state;
    load({ n: state.n, start: state.start, goal: state.goal });
    state.optimalStart = optimalStart;
    state.plan = plan;
    render();
    announce("Back to the starting board.");
  }

  function finish() {
    stopTimer();
    stopAutoplay(false);
    state.solved = true;
    render();
    const moves = moveCount();
    const time = formatTime(state.elapsed);
    const helped = [state.assisted && `${plural(state.assisted, "move")} by the solver`, state.hints && plural(state.hints, "hint")].filter(Boolean);
    const assistedNote = helped.length ? ` (${helped.join(", ")})` : "";
    const describe = () => {
      const optimal = state.optimalStart;
      const optimalText = optimal === null ? "the optimal count is being worked out…" : `the optimal solution takes ${plural(optimal, "move")}.`;
      result.replaceChildren(
        el("strong", { text: "Solved!" }), " ",
        el("span", { text: `You took ${plural(moves, "move")}${assistedNote} in ${time}; ` }),
        el("span", { "data-testid": "play-optimal", text: optimal === null ? "" : String(optimal) }),
        el("span", { text: optimal === null ? optimalText : ` ${optimal === 1 ? "move is" : "moves are"} optimal for the starting board.` }),
      );
      result.hidden = false;
      return optimal === null ? `Solved in ${plural(moves, "move")}.` :
        `Solved in ${plural(moves, "move")}. Optimal for the starting board: ${plural(optimal, "move")}.`;
    };
    announce(describe());
    if (state.optimalStart === null) {
      if (!solver) { result.lastChild.textContent = "the optimal count will be shown once the solver has loaded."; pendingOptimal = true; return; }
      askOptimalStart(() => announce(describe()));
    }
  }

  let pendingOptimal = false;

  function askOptimalStart(done) {
    const start = state.start.slice();
    const planned = planFor(start);
    if (planned) { state.optimalStart = planned.length; done(); return; }
    request("optimal", { tiles: start, goal: state.goal }, null, (res) => {
      if (!sameTiles(start, state.start)) return;
      state.optimalStart = res.distance;
      done();
    });
  }

  // ---- the solver's plan -----------------------------------------------------------------------
  function planFor(tiles) {
    const key = tiles.join(",");
    return state.plan && state.plan.key === key ? state.plan.moves : null;
  }

  function advancePlan(before, action) {
    const moves = planFor(before);
    if (moves && moves.startsWith(action)) {
      state.plan = { key: applyMoves(before, state.n, action).join(","), moves: moves.slice(action.length) };
    }
  }

  function withPlan(then) {
    const known = planFor(state.tiles);
    if (known !== null) { then(known); return; }
    const tiles = state.tiles.slice();
    request("optimal", { tiles, goal: state.goal }, (p) => {
      solverNote.textContent = `Thinking… ${p.expanded.toLocaleString("en")} positions`;
    }, (res) => {
      if (!sameTiles(tiles, state.tiles)) return;
      state.plan = { key: tiles.join(","), moves: res.moves };
      if (sameTiles(tiles, state.start)) state.optimalStart = res.moves.length;
      then(res.moves);
    });
  }

  function hint() {
    if (state.solved) return;
    withPlan((moves) => {
      if (!moves.length) return;
      const dir = moves[0];
      const cell = cellForDir(state.tiles, state.n, dir);
      state.hintTile = state.tiles[cell];
      state.hints += 1;
      render();
      announce(`Hint: slide ${state.hintTile} ${DIRS[dir].name}. ${plural(moves.length, "move")} from the goal.`);
      tileButtons.get(state.hintTile).dataset.hintDir = dir;
    });
  }

  function distance() {
    withPlan((moves) => {
      render();
      announce(`The goal is ${plural(moves.length, "move")} away.`);
    });
  }

  function solveFromHere() {
    if (state.solved) return;
    withPlan(() => {
      const stepOnce = () => {
        const moves = planFor(state.tiles);
        if (!moves || !moves.length || state.solved) { stopAutoplay(false); return; }
        play(moves[0], { assisted: true, fromAutoplay: true });
      };
      autoplay = setInterval(stepOnce, reducedMotion() ? SOLVE_STEP_MS * 1.5 : SOLVE_STEP_MS);
      announce("Solving from here.");
      render();
      stepOnce();
    });
  }

  function stopAutoplay(say) {
    if (!autoplay) return;
    clearInterval(autoplay);
    autoplay = null;
    if (say) announce("Stopped.");
    render();
  }

  // ---- talking to the solver ------------------------------------------------------------------
  function rowsText(tiles) {
    const n = state.n, lines = [];
    for (let r = 0; r < n; r++) lines.push(tiles.slice(r * n, (r + 1) * n).join(" "));
    return lines.join("\n");
  }

  // The direction letters of an optimal path (a list of boards): the tile that moves goes where the blank was.
  function pathMoves(path) {
    const n = state.n;
    let moves = "";
    for (let i = 1; i < path.length; i++) {
      const from = path[i].indexOf(0), to = path[i - 1].indexOf(0);
      moves += to === from - 1 ? "l" : to === from + 1 ? "r" : to === from - n ? "u" : "d";
    }
    return moves;
  }

  // Ask the worker; `onResult` gets the useful part: {tiles} for a deal, {moves, distance} for a solve.
  function request(op, params, onProgress, onResult) {
    if (!solver) return;
    cancelRequest();
    const token = { cancelled: false, op, id: null };
    busy = token;
    cancelBtn.hidden = false;
    solverNote.textContent = "Thinking…";
    render();
    let call;
    if (op === "deal") {
      call = solver.request("deal", { n: params.n, goal: params.goal });
    } else {
      token.id = solver.nextId;   // SolverClient numbers requests in order: lets Cancel stop just this one
      // The engine's strongest optimal method ("auto": IDA* with pattern databases where it has them).
      const heuristics = (solver.info && solver.info.heuristics) || [];
      const heuristic = heuristics.includes("auto") ? "auto" : undefined;
      call = solver.request("solve_board", { board: rowsText(params.tiles), goal: rowsText(params.goal), heuristic },
        (p) => {
          if (token.cancelled) return;
          if (p.type === "loading") {
            const pct = p.total ? ` ${Math.round((100 * p.loaded) / p.total)}%` : "";
            solverNote.textContent = `Downloading ${String(p.url).split("/").pop()}…${pct}`;
          } else if (onProgress && p.type === "progress") onProgress(p);
        });
    }
    Promise.resolve(call).then((answer) => {
      if (token.cancelled) return;
      settle(token);
      if (answer.type === "error") return fail(answer.message);
      if (op === "deal") return onResult({ tiles: answer.tiles });
      if (answer.status === "solved") {
        const moves = pathMoves(answer.path);
        return onResult({ moves, distance: moves.length });
      }
      if (answer.status === "cancelled") return;
      fail(answer.message || answer.reason || `the solver stopped (${answer.status})`);
    }, (error) => {
      if (token.cancelled) return;
      settle(token);
      fail(error && error.message ? error.message : String(error));
    });
  }

  function fail(text) {
    showMessage(`The solver could not answer: ${text}`);
    announce(`The solver could not answer: ${text}`);
  }

  function settle(token) {
    if (busy === token) busy = null;
    cancelBtn.hidden = true;
    solverNote.textContent = solver ? "Solver ready." : "Solver loading…";
    render();
  }

  function cancelRequest() {
    if (!busy) return;
    busy.cancelled = true;
    const token = busy;
    if (solver && token.id !== null && typeof solver.cancel === "function") solver.cancel(token.id);
    settle(token);
  }

  function setSolver(newSolver) {
    solver = newSolver;
    solverNote.textContent = solver ? "Solver ready." : "Solver loading…";
    render();
    if (solver && pendingOptimal && state.solved) {
      pendingOptimal = false;
      state.optimalStart = null;
      finish();
    }
  }

  // ---- share ------------------------------------------------------------------------------------
  async function share() {
    const url = `${location.origin}${location.pathname}${location.search}#${fragment()}`;
    shareField.value = url;
    shareField.hidden = false;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch { copied = false; }
    if (!copied) {
      shareField.focus();
      shareField.select();
      try { copied = document.execCommand("copy"); } catch { copied = false; }
    }
    announce(copied ? "Link copied." : "Copy the selected link to share this game.");
    shareBtn.dataset.copied = copied ? "true" : "false";
  }

  // ---- input: keys and swipes ------------------------------------------------------------------
  function onKey(event) {
    const target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable='true']")) return;
    if (event.altKey || event.metaKey) return;
    if (event.ctrlKey) {
      const k = event.key.toLowerCase();
      if (k === "z" && !event.shiftKey) { undo(); event.preventDefault(); }
      else if (k === "y" || (k === "z" && event.shiftKey)) { redo(); event.preventDefault(); }
      return;
    }
    const dir = KEY_DIRS[event.key];
    if (!dir) return;
    event.preventDefault();
    slideDir(dir);
  }
  root.addEventListener("keydown", onKey);
  // Arrow keys also play when nothing in particular has the focus and the game is on screen.
  document.addEventListener("keydown", (event) => {
    if (event.target !== document.body && event.target !== document.documentElement) return;
    if (!root.isConnected || root.hidden || !root.getClientRects().length) return;
    onKey(event);
  });

  let swipe = null;
  board.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    swipe = { id: event.pointerId, x: event.clientX, y: event.clientY };
  });
  board.addEventListener("pointerup", (event) => {
    if (!swipe || swipe.id !== event.pointerId) return;
    const dx = event.clientX - swipe.x, dy = event.clientY - swipe.y;
    swipe = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_MIN_PX) return;
    const dir = Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? "l" : "r") : (dy < 0 ? "u" : "d");
    suppressClick = true;          // the click that may follow this pointerup is part of the swipe
    setTimeout(() => { suppressClick = false; }, 0);
    slideDir(dir);
  });
  board.addEventListener("pointercancel", () => { swipe = null; });

  sizeSelect.addEventListener("change", () => { active = true; newPuzzle(Number(sizeSelect.value)); });

  // ---- the first board: playable at once, before the solver has booted -------------------------------
  if (options.fragment) loadFragment(options.fragment);
  else newPuzzle(options.size || 4);

  return {
    setSolver, loadFragment, fragment, newPuzzle, undo, redo, restart, hint, distance, solveFromHere,
    slide: slideDir, get state() { return { ...state, tiles: state.tiles.slice() }; },
    showMessage,
    get active() { return active; },
    set active(value) { active = !!value; if (active) publish(); },
    get busy() { return !!busy; },
  };
}
