// play/game.js -- the sliding puzzle's view over a GameSession (session.js: position, undo/redo, moves,
// timer, the solver's plan), bound to the game's shell in index.html: it draws the board, forwards clicks,
// keys and swipes (input.js), and leaves Hint, "Finish from here" and the distance to the solver's help
// (help.js).  The rules are in core/rules.js, so the game is playable before Python has booted.  Nothing
// from a URL or the worker is inserted as HTML.
//
//   const game = mountGame(section, { solver, budgets, onFragment, keys });   // keys(): the keymap (keymap.js)
//   game.loadFragment("play=3:...");   // a shared game (or "play=5x3:...", 5 wide and 3 high); a refused link
//                                      // gets a message, and a fresh deal of its shape or the game stays (refuse)
//   game.loadGame({ n, height, tiles, origin });   // a daily puzzle ("deal"), an exact deal ("exact"), a typed
//                                      // position ("typed"); n: tiles to a row, height: rows (n when left out)
//
// Any W x H board from MIN_SIDE to MAX_SIDE a side (2 to 20), chosen in the size menu (shape-menu.js) and drawn
// by board-view.js, which writes only what a move changed.
//   section.addEventListener("game-render", ...)   // after every change (the player's features follow it)

import { DIRS, MAX_SIDE, MIN_SIDE, cellForDir, dealTiles, goalTiles, slidesFor } from "../core/rules.js";
import { FragmentError, parseFragment } from "../core/links.js";
import { plural, refusal } from "../core/messages.js";
import { GameSession } from "./session.js";
import { GameHelp } from "./help.js";
import { copyText, formatTime } from "../core/dom.js";
import { formatStatNumber } from "../core/averages.js";
import { BoardView } from "./board-view.js";
import { shapeMenu } from "./shape-menu.js";
import { bindInput } from "./input.js";
import { finishedResult } from "./result.js";
import { keepGame, reloadedGame, withoutTime } from "./kept-game.js";

const TICK_MS = 33;    // the timer shows milliseconds: about 30 updates a second
const LINK_AT_ONCE_CELLS = 49;   // boards up to 7x7 put each move in the address bar at once (publish)
const LATE_LINK_MS = 100;

export function mountGame(root, { solver, budgets, onFragment, keys }) {
  const part = (testid) => root.querySelector(`[data-testid="${testid}"]`);
  const ui = {
    size: part("play-size"), newGame: part("play-new"), restart: part("play-restart"), undo: part("play-undo"),
    redo: part("play-redo"), hint: part("play-hint"), finish: part("play-solve"), distance: part("play-distance-button"),
    share: part("play-share"), shareLink: part("play-share-link"), moves: part("play-moves"), timer: part("play-timer"),
    tps: part("play-tps"),
    distanceOut: part("play-distance"), board: part("play-board"), live: part("play-live"), message: part("play-message"),
    result: part("play-result"), caption: part("play-caption"),
    custom: part("play-custom"), width: part("play-width"), height: part("play-height"),
  };
  let session = null;    // the GameSession on screen
  let setAside = null;   // the game in progress a new deal replaced, until a move is played: Undo brings it back
  let tick = null;       // interval id while the timer runs
  let suppressClick = false;
  let dealingFromFields = false;   // while a deal from the menu's width and height fields is put on the board
  let linkDue = null;         // timeout id while a big board's link waits to be written (publish)
  // The address bar follows the game once the person plays it (or opened it from a link); until then a
  // puzzle of another view keeps it.
  let active = false;
  let modeHooks = {};   // a solve type's own deal([width, height]), restart() and done(), true when they took it (mode-run.js)
  const boardView = new BoardView(ui.board, (t) => { if (!suppressClick) clickTile(t); });
  const help = new GameHelp({ get session() { return session; }, render, announce, showMessage, playPlan, setSliding, describeFinish }, {
    solver, budgets,
    elements: { note: part("play-solver-note"), cancel: part("play-cancel"), keepGoing: part("play-keep-going"),
      fastAnswer: part("play-fast-answer"), offers: root.querySelector("[data-offers]") },
  });

  const on = (element, handler) => element.addEventListener("click", handler);
  // Back to the board after a deal, so that Space or Enter does not deal again (and arrows slide tiles).
  on(ui.newGame, () => { active = true; dealChosen(); });
  on(ui.restart, () => { active = true; restart(); });
  on(ui.undo, () => undo());
  on(ui.redo, () => redo());
  on(ui.hint, () => help.hint());
  on(ui.finish, () => (help.autoplaying ? help.stopAutoplay(true) : help.finishFromHere()));
  on(ui.distance, () => help.distance());
  on(ui.share, () => share());
  // Back to the board once a size is chosen, so the arrow keys that follow slide tiles rather than pick
  // another size (and deal away the new game).
  const menu = shapeMenu(ui, { onChoose: ({ focus }) => { active = true; dealChosen({ focus }); },
    current: () => [session.n, session.height], onDone: () => ui.board.focus() });
  solver.addEventListener("status", () => {
    render();
    if (solver.state === "ready" && session?.solved && session.optimalStart === null && !help.running) finish();
  });
  // The time played is kept as the page goes, so that a reload goes on from it.
  addEventListener("pagehide", () => { if (session && active) { if (linkDue) writeLink(); else keep(); } });

  // ---- rendering --------------------------------------------------------------------------------
  function render() {
    if (!session) return;   // before the first game is dealt
    help.withdraw(session.tiles.join(","));   // first: a search about a position no longer on the board stops
    boardView.draw(session);
    ui.moves.textContent = String(session.moveCount);
    showTime();
    ui.undo.disabled = !session.past.length && !setAside;
    ui.redo.disabled = !session.future.length;
    ui.restart.disabled = !session.past.length && !session.future.length;
    const ready = help.ready, busy = help.busy;
    ui.hint.disabled = !ready || session.solved || busy;
    const autoplay = help.autoplaying;
    ui.finish.disabled = !ready || (session.solved && !autoplay) || (busy && !autoplay);
    ui.distance.disabled = !ready || busy;
    ui.finish.textContent = autoplay ? "Stop" : "Finish from here";
    showDistance(session.planHere());
    root.dataset.solved = String(session.solved);
    if (busy) root.dataset.busy = "solve"; else delete root.dataset.busy;
    root.dataset.solver = ready ? "ready" : "waiting";
    keepTimeShown();
    root.dispatchEvent(new CustomEvent("game-render", { detail: { session } }));
  }

  /** "Optimal from here": what the game's plan says, and in data-known what kind of number that is ("exact",
   *  "at-most" for a plan not proven shortest, "none" for "?"; the judge adds its "at-least" bounds). */
  function showDistance(plan) {
    const [known, text] = session.atGoal ? ["exact", "0"]
      : plan !== null ? [session.planOptimal ? "exact" : "at-most", `${session.planOptimal ? "" : "≤ "}${plan.length}`]
      : ["none", "?"];
    ui.distanceOut.textContent = text;
    ui.distanceOut.dataset.known = known;
  }

  /** Render a position that jumped (a new game, a restart) without sliding every tile across. */
  function renderJump() {
    ui.board.classList.add("no-anim");
    render();
    void ui.board.offsetWidth;   // lay out the new positions before transitions come back on
    ui.board.classList.remove("no-anim");
  }

  /** The time played and the tiles moved per second (as the statistics count them: STM over the time). */
  function showTime() {
    const ms = session.elapsedMs();
    ui.timer.textContent = formatTime(ms);
    ui.tps.textContent = ms > 0 && session.moveCount ? formatStatNumber((session.moveCount * 1000) / ms, 3) : "–";
  }

  function keepTimeShown() {
    if (session.timerRunning && !tick) tick = setInterval(showTime, TICK_MS);
    if (!session.timerRunning && tick) { clearInterval(tick); tick = null; }
  }

  function announce(text) {
    ui.live.textContent = text;
  }

  /** A message below the board: a problem (the default), or a "note" (an answer not proven shortest...). */
  function showMessage(text, kind = "problem", about = "") {
    ui.message.textContent = text;
    ui.message.hidden = !text;
    ui.message.dataset.kind = kind;
    ui.message.dataset.about = about;
  }

  // The address bar follows each move at once on the boards the game always played (up to 7x7).  A bigger
  // board's link is long (a 20x20's holds 400 numbers) and writing it takes milliseconds, more than a move's
  // frame can spare: it is written after the move is drawn, at most every LATE_LINK_MS (so that holding a key
  // down stays within the browser's limit on address changes).
  function publish() {
    if (!active) return;
    if (session.n * session.height <= LINK_AT_ONCE_CELLS) { writeLink(); return; }   // (and one still due)
    if (!linkDue) linkDue = setTimeout(writeLink, LATE_LINK_MS);
  }

  function writeLink() {
    clearTimeout(linkDue);
    linkDue = null;
    if (!active || !session) return;
    onFragment(session.fragment());
    keep();
  }

  const keep = () => keepGame(session);   // the game on screen, for a reload to go on with (kept-game.js)

  // ---- loading a game -----------------------------------------------------------------------
  function load({ n, tiles, height = tiles.length / n, goal = null, moves = "", origin = "typed", time = 0, helped = false, caption = "", running = false, times = null, runningSince = null, blind = false, run = null }) {
    help.stopAutoplay(false);
    help.cancel();
    const next = new GameSession({ n, height, tiles, goal, moves, origin, time: time || 0, helped, caption, running, times, runningSince, blind, run });
    setAside = session?.past.length && !session.solved && session.fragment({ time: false }) !== next.fragment({ time: false }) ? session : null;   // (not the same game gone on with: a run's, resumed)
    setAside?.pause();
    show(next);
    publish();
    if (setAside) showMessage("Undo brings back the game you were playing.", "note", "set-aside");
  }

  /** Put a session on the board, drawn at once. */
  function show(next) {
    const sizeChanged = !session || next.n !== session.n || next.height !== session.height;
    session = next;
    ui.result.hidden = true;
    ui.shareLink.hidden = true;
    ui.caption.textContent = session.caption;
    ui.caption.hidden = !session.caption;
    menu.show(session.n, session.height, { fromFields: dealingFromFields });
    if (sizeChanged) boardView.build(session.n, session.height);
    if (sizeChanged) render(); else renderJump();   // new buttons have nowhere to slide from: no layout forced
    if (session.solved) finish();
  }

  /** A fresh deal, uniform over the boards of that shape that reach the goal: `n` wide, `height` high. */
  function newPuzzle(n, height = n) {
    showMessage("");
    load({ n, height, tiles: dealTiles(n, goalTiles(n, height)), origin: "deal" });
    announce(`New ${n} by ${height} puzzle.`);
  }

  /** A deal of the shape the menu (or its width and height fields) says; a shape outside 2 to 20 a side is
   *  refused in the engine's words, and the game on screen stays.  Then back to the board (`focus`), so that
   *  Space or Enter does not deal again and the arrow keys slide tiles rather than pick another size. */
  function dealChosen({ focus = true } = {}) {
    const { width, height, fromFields, refused } = menu.chosen();
    if (refused) { showMessage(refused, "problem", "shape"); announce(refused); return; }
    if (modeHooks.deal?.([width, height])) { if (focus) ui.board.focus(); return; }   // a solve type's run deals (mode-run.js)
    dealingFromFields = fromFields;
    newPuzzle(width, height);
    dealingFromFields = false;
    if (focus) ui.board.focus();
  }

  function loadFragment(text) {
    let game;
    try {
      game = parseFragment(text);
      if (game.kind !== "play") throw new FragmentError("This link is not a game.");
    } catch (error) {
      if (!(error instanceof FragmentError)) throw error;
      refuse(error.message, error.size, error.height);
      return false;
    }
    showMessage("");
    active = true;
    load({ ...game, origin: game.time === null ? "untimed" : "link", ...reloadedGame(text) });
    announce(`Shared ${game.n} by ${game.height} game opened` + (game.moves ? ` after ${plural(game.moves.length, "move")}.` : "."));
    return true;
  }

  /** A link the game cannot open, and why, in one sentence: a fresh puzzle of the link's shape (`n` wide,
   *  `height` high) when the game plays it; else (no shape read, or a side outside 2 to 20) the game on screen
   *  stays as it is, or on a first load a fresh 4x4.  Either way the refused link leaves the address bar. */
  function refuse(reason, n = null, height = n) {
    active = true;
    const playable = [n, height].every((side) => side >= MIN_SIDE && side <= MAX_SIDE);
    const keep = Boolean(session) && !playable;
    if (keep) publish(); else if (playable) newPuzzle(n, height); else newPuzzle(4);
    showMessage(refusal(reason, keep ? "" : "here is a fresh puzzle instead"), "problem", "link");
  }

  // ---- moves --------------------------------------------------------------------------------
  function play(action) {
    help.stopAutoplay(false);
    const slid = session.play(action);
    if (!slid) return false;
    showMove(slid, action);
    return true;
  }

  /** "Finish from here": up to `count` moves of the solver's plan from here, drawn once; how many were played. */
  function playPlan(count) {
    let played = 0, last = null;
    while (played < count && !session.solved) {
      const action = session.planHere()?.[0];
      const slid = action && session.play(action, { assisted: true });
      if (!slid) break;
      played += 1;
      last = [slid, action];
    }
    if (last) showMove(...last, { quiet: true });
    return played;
  }

  /** Tiles slide from cell to cell (true), or jump (a fast "Finish from here": none is drawn over another). */
  function setSliding(on) {
    ui.board.classList.toggle("no-anim", !on);
  }

  function showMove(slid, action, { quiet = false } = {}) {
    // a refused link, or the game set aside, is history once play goes on
    if (ui.message.dataset.about === "link" || ui.message.dataset.about === "set-aside") showMessage("");
    setAside = null;
    active = true;
    render();
    publish();
    if (session.solved) { finish(); reveal(ui.result); }
    else if (!quiet) announce(`${slid.join(", ")} slid ${DIRS[action[0]].name}. ${plural(session.moveCount, "move")}.`);
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
    help.stopAutoplay(false);
    if (!session.past.length && setAside) { bringBack(); return; }
    if (!session.undo()) return;
    active = true;
    ui.result.hidden = true;
    render();
    publish();
    announce(`Undone. ${plural(session.moveCount, "move")}.`);
  }

  /** Undo on a fresh deal: the game it replaced comes back as it was left (its clock starts at the next move). */
  function bringBack() {
    help.cancel();
    const back = setAside;
    setAside = null;
    showMessage("");
    show(back);
    publish();
    announce(`Your game is back. ${plural(session.moveCount, "move")}.`);
  }

  /** Scroll `element` into view when it is below the screen's edge (a finished game's result on a phone). */
  function reveal(element) {
    if (element.hidden) return;
    const box = element.getBoundingClientRect();
    if (box.bottom > innerHeight || box.top < 0) element.scrollIntoView({ block: "nearest" });
  }

  function redo() {
    help.stopAutoplay(false);
    const action = session.future.at(-1);
    const slid = session.redo();
    if (slid) showMove(slid, action);
  }

  /** Back to the starting board; a game in progress is set aside first, so Undo brings it back as it was. */
  function restart() {
    if (modeHooks.restart?.()) return;   // a solve type's run starts again (mode-run.js)
    help.stopAutoplay(false);
    help.cancel();
    const inProgress = session.past.length && !session.solved;
    if (inProgress) setAside = session.copy();
    session.restart();
    ui.result.hidden = true;
    renderJump();
    publish();
    showMessage(inProgress ? "Undo brings back the game you were playing." : "", "note", "set-aside");
    announce("Back to the starting board.");
  }

  // ---- a finished game -------------------------------------------------------------------------
  function finish() {
    help.stopAutoplay(false);
    render();
    describeFinish();
    if (session.optimalStart === null && help.ready) help.askOptimalStart();
  }

  // `unknown`: why the optimal count is not shown (null: it is still being worked out).
  let lastUnknown = null;   // the last reason given, for a note added later (noteResult)
  function describeFinish(unknown = null) {
    lastUnknown = unknown;
    const { parts, spoken } = finishedResult(session, { unknown, solverReady: help.ready });
    ui.result.replaceChildren(...parts);
    ui.result.hidden = false;
    announce(spoken);
  }

  // ---- share ------------------------------------------------------------------------------------
  async function share() {
    const url = `${location.origin}${location.pathname}${location.search}#${session.fragment()}`;
    ui.shareLink.value = url;
    ui.shareLink.hidden = false;
    let copied = await copyText(url);
    if (!copied) {
      ui.shareLink.focus();
      ui.shareLink.select();
      try { copied = document.execCommand("copy"); } catch { copied = false; }
    }
    announce(copied ? "Link copied." : "Copy the selected link to share this game.");
    ui.share.dataset.copied = String(copied);
  }

  bindInput(root, ui.board, { keys, slide, undo, redo, newGame: () => { active = true; dealChosen(); }, restart: () => { active = true; restart(); }, done: () => modeHooks.done?.(), suppressClicks: () => { suppressClick = true; setTimeout(() => { suppressClick = false; }, 0); } });

  return {
    loadFragment, newPuzzle, refuse,
    /** Whether `link` (a game link) is the game on screen, whatever time it says. */
    shows: (link) => Boolean(session) && withoutTime(link) === session.fragment({ time: false }),
    /** Start a game on this board: {n, tiles, origin, caption}, origin "deal" for a board the game dealt (a daily
     *  puzzle), "exact" for an exact deal, else "typed" (an imported position); the statistics count only "deal";
     *  `caption` says what the board is, under it (the daily puzzle's). */
    loadGame: (game, { announceAs = "" } = {}) => { showMessage(""); active = true; load(game); if (announceAs) announce(announceAs); },
    play: (action) => play(action),
    /** Say under a finished game's "Solved!" what became of it (a solve kept only in this tab), once each sentence. */
    noteResult: (finished, text) => {
      (finished.notes ??= new Set()).add(text);
      if (finished === session && session.solved) { describeFinish(lastUnknown); reveal(ui.result); }
    },
    playTile: (t) => clickTile(t),
    setModeHooks: (hooks) => { modeHooks = hooks; },   // a solve type's deal, restart and done (mode-run.js)
    settle: () => { render(); if (session.solved) { finish(); reveal(ui.result); } },   // after a blind game's "Done"
    render: () => render(),   // drawn again and told ("game-render"): features mounted late see the game on screen
    fragment: () => session.fragment(),
    get session() { return session; },
  };
}
