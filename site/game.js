// game.js -- the sliding puzzle's view: the board, its buttons, keys and swipes, and the solver's help.
// The game itself (position, undo/redo, moves, timer, plan) is a GameSession (game-session.js); the rules
// and the share link are in game-core.js, so the game is playable before Python has booted.
//
//   import { mountGame } from "./game.js";
//   const game = mountGame(document.getElementById("play"), { fragment: "play=4:...&moves=lru" });
//   game.setSolver(solverClient);      // a SolverClient (solver-client.js) once its worker is ready, else null
//   game.loadFragment("play=3:...")    // a shared game; a refused link gets a message and a fresh deal
//
// Hints, the optimal distance and "Finish from here" all come from one request to the worker:
//   solve_board {board, goal (rows as text)} -> {type: "result", status: "solved", blank_path: [cell, ...]}
// whose moves become the session's plan.  Nothing from a URL or the worker is inserted as HTML.

import { MIN_SIZE, MAX_SIZE, DIRS, FragmentError, cellForDir, dealTiles, lowerFirst, movesAlongBlankPath, parseFragment,
  refusal, sentence, slidesFor } from "./game-core.js";
import { GameSession } from "./game-session.js";
import { boardText } from "./board-view.js";
import { el } from "./dom.js";

const KEY_DIRS = {
  ArrowLeft: "l", ArrowRight: "r", ArrowUp: "u", ArrowDown: "d",
  a: "l", d: "r", w: "u", s: "d", A: "l", D: "r", W: "u", S: "d",
};
const BLANK_KEYS = { l: "r", r: "l", u: "d", d: "u" };   // root.dataset.keys === "blank": keys move the blank
const SWIPE_MIN_PX = 24;
const SOLVE_STEP_MS = 320;
// Seconds the solver may think for a hint or "Finish from here" before the game offers to go on.
const GAME_SECONDS = 8;

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

  let session = null;    // the GameSession on screen
  let solver = null;
  let busy = null;       // {cancelled, id} while a request to the solver is in flight
  let offered = null;    // {key, asked, job, stopped}: what "Keep going" and "Fast answer" go on with, at the position key
  let maxSeconds = GAME_SECONDS;
  let autoplay = null;   // interval id while "Finish from here" plays
  let tick = null;       // interval id while the timer runs
  let suppressClick = false;
  // The URL fragment follows the game once the person plays it (or opened it from a link); until then
  // the page's other puzzle (a #board= or #words= link) keeps the address bar.
  let active = false;

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
  const solveBtn = btn("Finish from here", "play-solve", () => (autoplay ? stopAutoplay(true) : finishFromHere()),
    { title: "Solve from here: play an optimal solution from this position" });
  const distBtn = btn("Optimal distance", "play-distance-button", () => distance());
  const shareBtn = btn("Share game", "play-share", () => share());
  const cancelBtn = btn("Cancel", "play-cancel", () => cancelRequest());
  cancelBtn.hidden = true;
  const keepGoingBtn = btn("Keep going", "play-keep-going", () => followOffer({ job: offered.job }));
  const fastBtn = btn("Fast answer (not shortest)", "play-fast-answer", () => followOffer({ algorithm: "weighted", job: null }));
  keepGoingBtn.hidden = fastBtn.hidden = true;

  const movesOut = el("output", { "data-testid": "play-moves", text: "0" });
  const timeOut = el("output", { "data-testid": "play-timer", text: "0:00" });
  const distOut = el("output", { "data-testid": "play-distance", text: "?" });
  const solverNote = el("span", { class: "play-solver-note", "data-testid": "play-solver-note", text: "Solver loading…" });
  const board = el("div", { class: "play-board", role: "group", "data-testid": "play-board" });
  const live = el("div", { class: "play-live", role: "status", "aria-live": "polite", "data-testid": "play-live" });
  const message = el("p", { class: "play-message", role: "alert", "data-testid": "play-message", hidden: true });
  const result = el("p", { class: "play-result", "data-testid": "play-result", hidden: true });
  const shareField = el("input", { type: "text", readOnly: true, class: "play-share-link", "data-testid": "play-share-link",
    "aria-label": "Link to this game", hidden: true });

  root.replaceChildren(
    el("h2", { id: "play-heading", text: "Play the sliding puzzle" }),
    el("div", { class: "play-controls" },
      el("label", { for: "play-size", text: "Size " }), sizeSelect, newBtn, restartBtn, undoBtn, redoBtn),
    el("div", { class: "play-controls" }, hintBtn, solveBtn, distBtn, cancelBtn, solverNote),
    el("p", { class: "play-stats" }, "Moves ", movesOut, " · Time ", timeOut, " · Optimal from here ", distOut),
    message,
    el("div", { class: "play-controls" }, keepGoingBtn, fastBtn),
    board,
    result,
    el("div", { class: "play-controls" }, shareBtn, shareField),
    el("p", { class: "play-help", text: "Click or tap a tile in the blank's row or column, use the arrow keys or W A S D, or swipe on the board." }),
    live,
  );

  const tileButtons = new Map();

  // ---- rendering --------------------------------------------------------------------------------
  function buildTiles(n) {
    tileButtons.clear();
    board.style.setProperty("--n", String(n));
    board.setAttribute("aria-label", `Board, ${n} by ${n}`);
    board.replaceChildren();
    for (let t = 1; t < n * n; t++) {
      const b = el("button", { type: "button", class: "play-tile", "data-tile": String(t), text: String(t) });
      b.addEventListener("click", () => { if (!suppressClick) clickTile(t); });
      tileButtons.set(t, b);
      board.append(b);
    }
  }

  function render() {
    const { n, tiles, goal } = session;
    const hintTile = session.hintTile;
    tiles.forEach((t, cell) => {
      if (!t) return;
      const b = tileButtons.get(t);
      const r = Math.floor(cell / n), c = cell % n;
      b.style.setProperty("--r", String(r));
      b.style.setProperty("--c", String(c));
      b.classList.toggle("is-home", goal[cell] === t);
      b.classList.toggle("is-hint", hintTile === t);
      if (hintTile === t) b.dataset.hintDir = session.hint; else delete b.dataset.hintDir;
      const slides = slidesFor(tiles, n, cell);
      b.classList.toggle("can-move", !!slides);
      b.setAttribute("aria-label", `${t}, row ${r + 1}, column ${c + 1}` +
        (goal[cell] === t ? ", in place" : "") + (slides ? `, slides ${DIRS[slides[0]].name}` : "") + (hintTile === t ? ", hint" : ""));
    });
    board.dataset.blank = String(tiles.indexOf(0));
    board.dataset.tiles = tiles.join(",");
    movesOut.textContent = String(session.moveCount);
    timeOut.textContent = formatTime(session.elapsedMs());
    undoBtn.disabled = !session.past.length;
    redoBtn.disabled = !session.future.length;
    restartBtn.disabled = !session.past.length && !session.future.length;
    hintBtn.disabled = !solver || session.solved || !!busy;
    solveBtn.disabled = !solver || (session.solved && !autoplay) || (!!busy && !autoplay);
    distBtn.disabled = !solver || !!busy;
    solveBtn.textContent = autoplay ? "Stop" : "Finish from here";
    const plan = session.planHere();
    distOut.textContent = plan === null ? (session.atGoal ? "0" : "?") : `${session.planOptimal ? "" : "≤ "}${plan.length}`;
    if (offered && offered.key !== tiles.join(",")) withdrawOffer();   // the offer was for another position
    root.dataset.solved = String(session.solved);
    if (busy) root.dataset.busy = "solve"; else delete root.dataset.busy;
    root.dataset.solver = solver ? "ready" : "waiting";
    keepTimeShown();
    root.dispatchEvent(new CustomEvent("game-render", { detail: { session } }));   // player.js's features follow the game
  }

  /** Render a position that jumped (a new game, a restart) without sliding every tile across. */
  function renderJump() {
    board.classList.add("no-anim");
    render();
    void board.offsetWidth;   // lay out the new positions before transitions come back on
    board.classList.remove("no-anim");
  }

  function keepTimeShown() {
    if (session.timerRunning && !tick) tick = setInterval(() => { timeOut.textContent = formatTime(session.elapsedMs()); }, 250);
    if (!session.timerRunning && tick) { clearInterval(tick); tick = null; }
  }

  function announce(text) {
    live.textContent = text;
  }

  function showMessage(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  function publish() {
    if (active) onFragment(session.fragment());
  }

  // ---- loading a game -----------------------------------------------------------------------
  function load({ n, tiles, goal = null, moves = "" }) {
    stopAutoplay(false);
    cancelRequest();
    withdrawOffer();
    const sizeChanged = !session || n !== session.n;
    session = new GameSession({ n, tiles, goal, moves });
    result.hidden = true;
    shareField.hidden = true;
    sizeSelect.value = String(n);
    if (sizeChanged) buildTiles(n);
    renderJump();
    if (session.solved) finish();
    publish();
  }

  function newPuzzle(n) {
    showMessage("");
    load({ n, tiles: dealTiles(n) });
    announce(`New ${n} by ${n} puzzle.`);
  }

  function loadFragment(text) {
    let game;
    try {
      game = parseFragment(text);
      if (game.kind !== "play") throw new FragmentError("This link is not a game.");
    } catch (error) {
      if (!(error instanceof FragmentError)) throw error;
      refuse(error.message);
      return false;
    }
    showMessage("");
    active = true;
    load(game);
    announce(`Shared ${game.n} by ${game.n} game opened` + (game.moves ? ` after ${plural(game.moves.length, "move")}.` : "."));
    return true;
  }

  function refuse(reason) {
    active = true;            // the fresh puzzle replaces the refused link in the address bar
    newPuzzle(session ? session.n : 4);
    showMessage(refusal(reason, "here is a fresh puzzle instead"));
  }

  // ---- moves --------------------------------------------------------------------------------
  function play(action, { assisted = false, fromAutoplay = false } = {}) {
    if (!fromAutoplay) stopAutoplay(false);
    const slid = session.play(action, { assisted });
    if (!slid) return false;
    showMove(slid, action);
    return true;
  }

  function showMove(slid, action) {
    active = true;
    render();
    publish();
    if (session.solved) finish();
    else announce(`${slid.join(", ")} slid ${DIRS[action[0]].name}. ${plural(session.moveCount, "move")}.`);
  }

  function clickTile(t) {
    const action = slidesFor(session.tiles, session.n, session.tiles.indexOf(t));
    if (action) play(action);
    else announce(`${t} is not in the blank's row or column.`);
  }

  function slide(dir) {
    if (cellForDir(session.tiles, session.n, dir) < 0) announce(`No tile can slide ${DIRS[dir].name}.`);
    else play(dir);
  }

  function undo() {
    stopAutoplay(false);
    if (!session.undo()) return;
    active = true;
    result.hidden = true;
    render();
    publish();
    announce(`Undone. ${plural(session.moveCount, "move")}.`);
  }

  function redo() {
    stopAutoplay(false);
    const action = session.future.at(-1);
    const slid = session.redo();
    if (slid) showMove(slid, action);
  }

  function restart() {
    stopAutoplay(false);
    cancelRequest();
    session.restart();
    result.hidden = true;
    renderJump();
    publish();
    announce("Back to the starting board.");
  }

  function finish() {
    stopAutoplay(false);
    render();
    describeFinish();
    if (session.optimalStart === null && solver) askOptimalStart();
  }

  // `unknown`: why the optimal count is not shown (null: it is still being worked out).
  function describeFinish(unknown = null) {
    const moves = session.moveCount;
    const optimal = session.optimalStart;
    const helped = [session.assisted && `${plural(session.assisted, "move")} by the solver`,
      session.hints && plural(session.hints, "hint")].filter(Boolean);
    const waiting = unknown || (solver ? "the optimal count is being worked out…" : "the optimal count will be shown once the solver has loaded.");
    result.replaceChildren(
      el("strong", { text: "Solved!" }), " ",
      el("span", { text: `You took ${plural(moves, "move")}${helped.length ? ` (${helped.join(", ")})` : ""} in ${formatTime(session.elapsedMs())}; ` }),
      el("span", { "data-testid": "play-optimal", text: optimal === null ? "" : String(optimal) }),
      el("span", { text: optimal === null ? waiting : ` ${optimal === 1 ? "move is" : "moves are"} optimal for the starting board.` }),
    );
    result.hidden = false;
    announce(`Solved in ${plural(moves, "move")}.` +
      (optimal === null ? "" : ` Optimal for the starting board: ${plural(optimal, "move")}.`));
  }

  // Asked by itself once the game is solved: no offers, and a request the worker died on is not sent again.
  function askOptimalStart() {
    const asked = session, from = session.start.slice();
    const unknown = ({ bound = 0 } = {}) => {
      if (session === asked) describeFinish(bound ? `the shortest takes at least ${plural(bound, "move")}.` : "the optimal count could not be worked out.");
    };
    request(from, {
      again: false,
      onMoves: (moves, answer) => {
        if (session !== asked) return;
        session.setPlan(from, moves, answer.optimal !== false);
        if (session.optimalStart !== null) describeFinish(); else unknown(answer);
      },
      onStopped: unknown,
      onError: () => unknown(),
    });
  }

  // ---- the solver's plan -----------------------------------------------------------------------
  /** Run `then(moves)` with a solution from the current position (optimal unless the budget ran out first). */
  function withPlan(then) {
    const known = session.planHere();
    if (known !== null) { then(known); return; }
    const asked = session, from = session.tiles.slice();
    request(from, {
      onMoves: (moves, answer) => {
        if (session !== asked) return;
        const improving = session.planHere() !== null;   // "Keep going" on an answer already used
        session.setPlan(from, moves, answer.optimal !== false);
        const here = session.planHere();   // null when the person moved meanwhile
        if (here === null) return;
        if (!improving) { then(here); return; }
        render();
        announce(sentence(`You are ${fromGoal()}`));
      },
    });
  }

  const fromGoal = () => `${session.planOptimal ? "" : "at most "}${plural(session.planHere().length, "move")} from the goal`;

  function hint() {
    if (session.solved) return;
    withPlan(() => {
      const dir = session.takeHint();
      if (!dir) return;
      render();
      announce(`Hint: slide ${session.hintTile} ${DIRS[dir].name}. ${sentence(fromGoal())}`);
    });
  }

  function distance() {
    withPlan(() => {
      render();
      announce(sentence(`You are ${fromGoal()}`));
    });
  }

  function finishFromHere() {
    if (session.solved) return;
    withPlan(() => {
      const stepOnce = () => {
        const moves = session.planHere();
        if (!moves || session.solved) stopAutoplay(false);
        else play(moves[0], { assisted: true, fromAutoplay: true });
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
  // One request for a solution from `tiles` to the game's goal, by the engine's default (strongest
  // optimal) method, within the game's time budget.  The answer's moves (direction letters) go to
  // `onMoves(moves, answer)`.  A search that ends its budget without an answer shows the engine's message
  // and offers "Keep going" (the same search, resumed: `job`) and "Fast answer (not shortest)"; an answer
  // not proven shortest (5x5 and up) is used and said to be so, with "Keep going" to improve it.  Given
  // `onStopped(answer)`, the request makes no offers and a search without an answer goes there instead.
  function request(tiles, { onMoves, onStopped = null, onError = null, again = true, algorithm = "auto", job = null }) {
    if (!solver) return;
    cancelRequest();
    withdrawOffer();
    showMessage("");
    const n = session.n;
    const token = { cancelled: false, id: solver.nextId };   // SolverClient numbers requests in order
    busy = token;
    cancelBtn.hidden = false;
    solverNote.textContent = "Thinking…";
    render();
    const onProgress = (p) => {
      if (token.cancelled) return;
      if (p.type === "loading") {
        const pct = p.total ? ` ${Math.round((100 * p.loaded) / p.total)}%` : "";
        solverNote.textContent = `Downloading ${String(p.url).split("/").pop()}…${pct}`;
      } else if (p.type === "progress") {
        solverNote.textContent = `Thinking… ${p.expanded.toLocaleString("en")} positions`;
      }
    };
    const budget = { owner: "game", max_seconds: maxSeconds };
    const [op, params] = job !== null ? ["resume", { job, ...budget }]
      : ["solve_board", { board: boardText(tiles, n), goal: boardText(session.goal, n), algorithm, ...budget }];
    const fails = onError || fail;
    solver.request(op, params, onProgress, { again }).then((answer) => {
      if (token.cancelled) return;
      settle(token);
      if (answer.type === "error") return fails(answer.message);
      if (answer.status === "cancelled") return;
      const asked = { tiles, onMoves, onStopped, onError, algorithm };
      if (answer.status === "stopped") return onStopped ? onStopped(answer) : offer(answer, asked);
      if (answer.status !== "solved") return fails(answer.message || answer.reason || `the solver stopped (${answer.status})`);
      const moves = movesAlongBlankPath(n, tiles.indexOf(0), answer.blank_path || []);
      if (moves === null || moves.length !== answer.moves) return fails("its answer is not a line of moves");
      onMoves(moves, answer);
      if (answer.optimal === false && !onStopped) offer(answer, asked);
    }, (error) => {
      if (token.cancelled) return;
      settle(token);
      fails(error.message);
    });
  }

  // What the engine said when its budget ran out, and the buttons that go on from the same position.
  function offer(answer, asked) {
    const notShortest = answer.status === "solved" &&
      sentence(`This answer of ${plural(answer.moves, "move")} is not proven shortest`, answer.bound ? `the shortest takes at least ${answer.bound}` : "");
    showMessage(notShortest || sentence(answer.message));
    offered = { key: asked.tiles.join(","), asked, job: answer.resumable ? answer.job : null, stopped: !notShortest };
    keepGoingBtn.hidden = offered.job === null;
    fastBtn.hidden = answer.status !== "stopped" || asked.algorithm === "weighted";
    render();
  }

  // The buttons go when the position changes; so does the advice of a search that stopped without an
  // answer (the note that a plan is not proven shortest stays while it is followed).
  function withdrawOffer() {
    if (offered && offered.stopped) showMessage("");
    offered = null;
    keepGoingBtn.hidden = fastBtn.hidden = true;
  }

  function followOffer(choice) {
    const { asked } = offered;
    request(asked.tiles, { ...asked, ...choice });
  }

  function fail(text) {
    const why = sentence(`The solver could not answer: ${lowerFirst(text)}`);
    showMessage(why);
    announce(why);
  }

  function settle(token) {
    if (busy === token) busy = null;
    cancelBtn.hidden = true;
    solverNote.textContent = solver ? "Solver ready." : "Solver loading…";
    render();
  }

  function cancelRequest() {
    if (!busy) return;
    const token = busy;
    token.cancelled = true;
    if (solver) solver.cancel(token.id);
    settle(token);
  }

  function setSolver(newSolver) {
    solver = newSolver;
    solverNote.textContent = solver ? "Solver ready." : "Solver loading…";
    render();
    if (solver && session.solved && session.optimalStart === null && !busy) finish();
  }

  // ---- share ------------------------------------------------------------------------------------
  async function share() {
    const url = `${location.origin}${location.pathname}${location.search}#${session.fragment()}`;
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
    shareBtn.dataset.copied = String(copied);
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
    const key = KEY_DIRS[event.key];
    if (!key) return;
    const dir = root.dataset.keys === "blank" ? BLANK_KEYS[key] : key;
    event.preventDefault();
    slide(dir);
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
    slide(dir);
  });
  board.addEventListener("pointercancel", () => { swipe = null; });

  sizeSelect.addEventListener("change", () => { active = true; newPuzzle(Number(sizeSelect.value)); });

  // ---- the first board: playable at once, before the solver has booted -------------------------------
  if (options.fragment) loadFragment(options.fragment);
  else newPuzzle(options.size || 4);

  return {
    setSolver, loadFragment, newPuzzle,
    /** Start a game on this board (a deal, a daily puzzle, an imported position). */
    loadGame: (game, { announceAs = "" } = {}) => { showMessage(""); active = true; load(game); if (announceAs) announce(announceAs); },
    play: (action) => play(action),
    playTile: (t) => clickTile(t),
    fragment: () => session.fragment(),
    set maxSeconds(seconds) { maxSeconds = seconds || GAME_SECONDS; },   // test hook: a shorter budget
    get session() { return session; },
    get active() { return active; },
    set active(value) { active = !!value; if (active) publish(); },
  };
}
