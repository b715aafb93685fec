// solve/view.js -- the Solve and Word ladders views: one form (form.js) in its board or its word
// mode, the answer (moves, every board, an animation, the ladder), the form's share link.  Every check and
// answer comes from the worker, asked through core/ops.js: checks at once, solves as jobs (core/job.js).
//
// Hooks (README): #board=3:8,1,3,4,0,2,7,6,5[&goal=...][&h=hamming] and #words=horse,nurse[&dict=large]
// open the view with that puzzle; the button named "Solve" solves it; the element with
// data-testid="moves" then holds only the optimal number of moves, or the word "unsolvable".

import { Player, renderBoard } from "./board.js";
import { MAX_SIDE, MIN_SIDE, goalTiles, movesAlongBlankPath, positionsAlong, dealTiles } from "../core/rules.js";
import { FragmentError, boardFragment, explainFragment, fragmentKind, parseFragment, route, wordsFragment } from "../core/links.js";
import { lowerFirst, number, plural, refusal, sentence } from "../core/messages.js";
import { JobPanel, answerText } from "../core/job.js";
import * as ops from "../core/ops.js";
import { CONVENTIONS, boardText, toNotation } from "../core/notation.js";
import { copyText } from "../core/dom.js";
import { SolveForm } from "./form.js";

const CHECK_DELAY_MS = 350;
// What the Result will hold, before the first answer: a board's or a word pair's (index.html has the board's).
const EMPTY_RESULT = {
  board: "The answer shows here: the number of moves, every board, and an animation.",
  words: "The answer shows here: the number of steps and every word of the ladder.",
};

export function mount(section, { solver, router, budgets }) {
  const $ = (id) => document.getElementById(id), result = $("result");
  let job = null;            // the form's job on screen
  let checkTimer = null;     // the board check waiting for typing to pause
  let checked = null;        // the last board the solver accepted: {params, fragment, board, answer}
  let proven = null;         // what the last search proved of its board: {board, moves} (shortest) or {board, bound}
  let edits = 0;             // counts edits, so that a late check answer is dropped
  let explained = null;      // the board whose answer "unsolvable", with its reason, is in the Result
  let opened = null;         // the mode the view was last opened in ("board" or "words")

  const form = new SolveForm($("solve-form"), { onEdit });
  const panel = new JobPanel({ status: $("progress"), cancel: $("cancel"), keepGoing: $("keep-going"),
    fastAnswer: $("fast-answer"), actions: $("result-actions") }, { onFollow: (next) => run(next), cancelKeepsBest: true });
  const player = new Player({
    board: $("player-board"), position: $("player-position"), back: $("step-back"),
    playPause: $("play-pause"), forward: $("step-forward"), scrub: $("player-scrub"),
  }, { intervalMs: matchMedia("(prefers-reduced-motion: reduce)").matches ? 1000 : 500 });
  renderBoard($("player-board"), goalTiles(3), 3);   // an empty board view until the first solution

  for (const radio of section.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener("change", () => {
      const next = form.mode === "words" ? "ladders" : "solve";
      router.show(next);
      if (route(location.hash).view !== next) router.publish(next);   // the address names the view shown
    });
  }
  // A press of Solve before this module ran was remembered by index.html's own handler: this one takes over.
  let pressedEarly = Boolean(window.__solveRequested);
  $("solve-form").onsubmit = null;
  $("solve-form").addEventListener("submit", (event) => { event.preventDefault(); solve(); });
  $("step-through").addEventListener("click", stepThrough);
  $("blank-first").addEventListener("click", solveWithBlankFirst);
  $("share").addEventListener("click", share);

  const followSolver = () => {
    if (solver.state !== "ready") return;
    form.fillHeuristics(solver.info);
    scheduleCheck(0);
  };
  solver.addEventListener("status", followSolver);
  followSolver();

  // -- the puzzle being edited: checked by the solver, and its link in the address bar ------------------
  // Any edit makes another puzzle (board, goal, heuristic, words, dictionary): the answer on screen, or the
  // search still running, was for the one before, so it goes at once.
  function onEdit(kind) {
    edits++;
    clearResult();
    form.clearErrors(["step_through"]);   // why Learn could not follow the puzzle before: said of that one only
    $("share-note").textContent = "";
    if (kind === "board") scheduleCheck();
    else publish(wordsLink());
  }

  function scheduleCheck(delay = CHECK_DELAY_MS) {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(checkBoard, delay);
  }

  // One check per edit: the solver's verdict goes under the board, and the board's link into the address.
  async function checkBoard() {
    if (solver.state !== "ready" || form.mode !== "board") return;
    const asked = edits, params = form.boardParams();
    const answer = await ops.checkBoard(solver, params).catch(() => null);
    if (!answer || asked !== edits) return;
    if (answer.field === "worker") {   // not checked (a worker died on this board before): say so, not the last board's note
      form.setNote(answer.message, null);
      checked = null;
      return;
    }
    form.clearErrors(["board", "goal", "heuristic"]);
    if (answer.type === "error") {
      form.setNote("", null);
      for (const { field, message } of [answer, ...(answer.also || [])]) form.setError(field, message);
      checked = null;
      return;
    }
    const heuristic = answer.heuristic === solver.info.default_heuristic ? null : answer.heuristic;
    checked = { params, fragment: boardFragment({ n: answer.n, tiles: answer.tiles, goal: answer.goal, heuristic }),
      board: answer.fragment, answer };
    showNote();
    publish(checked.fragment);
  }

  // The note under the board says what is known of the board checked: the estimate's lower bound, until a
  // search of that board proves more (its shortest solution's length, or a higher bound).  An unsolvable
  // board's long reason is said once: here, until the Result gives it.
  function showNote() {
    const { n, height = n, solvable, reason, estimate, blank_first_goal: blankFirst } = checked.answer;
    const shape = `${n}×${height}`;   // width first: "4×3 board"
    if (!solvable) {
      form.setNote(explained === checked.board ? `${shape} board, unsolvable; the Result says why.`
        : sentence(`${shape} board, unsolvable; ${lowerFirst(reason)}`), false);
      if (blankFirst) form.offerBlankFirst();
      return;
    }
    const known = proven && proven.board === checked.board ? proven : {};
    let text = `solvable in at least ${plural(Math.max(estimate, known.bound || 0), "move")}`;
    if (known.moves !== undefined) text = `solvable in ${plural(known.moves, "move")} and no fewer`;
    if (estimate === 0) text = "already solved";
    form.setNote(`${shape} board, ${text}.`, true);
  }

  /** Keep what a board search's answer proved of its board (`asked`: the form's fields it was asked with):
   *  an optimal answer's length, else the lower bound its search proved (a cancelled search's too). */
  function learnFrom(answer, asked) {
    const done = answer.type === "cancelled" ? answer.progress : answer.type === "result" && answer.kind === "board" ? answer : null;
    if (!done) return;
    const sameAsChecked = checked && asked.board === checked.params.board && asked.goal === checked.params.goal;
    const board = answer.board ? answer.board.fragment : sameAsChecked ? checked.board : null;
    if (!board) return;
    const before = proven && proven.board === board ? proven : {};
    if (answer.status === "solved" && answer.optimal !== false) proven = { board, moves: answer.moves };
    else if (before.moves === undefined && done.bound > (before.bound || 0)) proven = { board, bound: done.bound };
    else return;
    if (checked && checked.board === board) showNote();
  }

  function wordsLink() {
    const { start, goal, dictionary } = form.wordParams();
    const words = [start, goal].map((word) => word.trim().toLowerCase());
    return words.every(Boolean) ? wordsFragment({ start: words[0], goal: words[1], dictionary }) : null;
  }

  /** The form's puzzle as a link, or null while it is not one the solver accepts. */
  function formLink() {
    if (form.mode === "words") return wordsLink();
    return checked && JSON.stringify(checked.params) === JSON.stringify(form.boardParams()) ? checked.fragment : null;
  }

  function publish(fragment) {
    if (fragment) router.publish(fragment, form.mode === "words" ? "ladders" : "solve");
  }

  async function share() {
    clearTimeout(checkTimer);
    if (form.mode === "board" && !formLink()) await checkBoard();
    const fragment = formLink();
    if (!fragment) { $("share-note").textContent = "Enter a puzzle the solver accepts, then share it."; return; }
    router.publish(fragment);
    $("share-note").textContent = (await copyText(location.href)) ? "Link copied." : `Copy this link: ${location.href}`;
  }

  async function stepThrough() {
    if (form.mode === "board" && !formLink()) await checkBoard();
    const fragment = formLink();
    if (!fragment) { form.setError("board", "Enter a board or a word pair to step through."); return; }
    const asked = edits, button = $("step-through");
    button.disabled = true;
    const refusal = await traceRefusal().finally(() => { button.disabled = false; });
    if (asked !== edits) return;   // the puzzle changed meanwhile: a press of the button is needed again
    if (refusal) {   // said here, before leaving for Learn, and brought into view
      form.setError("step_through", refusal);
      form.focusField("step_through");
      return;
    }
    location.hash = explainFragment(parseFragment(fragment));
  }

  /** Why Learn could not step through the form's puzzle (a search of more steps than it follows), asked of
   *  the worker as Learn asks (A*, its default estimate unless the form names one), or null. */
  async function traceRefusal() {
    const params = form.mode === "words" ? form.wordParams() : form.boardParams();
    const answer = await ops.explain(solver, params, { owner: "form-step" }).answer;
    return answer.type === "error" && answer.field !== "worker" ? answer.message : null;
  }

  // -- links: #board= and #words= -----------------------------------------------------------------------
  function open(name, link) {
    const mode = name === "ladders" ? "words" : "board";
    if (opened && mode !== opened) clearResult();   // a board's answer is no answer for a word pair, or back
    opened = form.mode = mode;
    $("result-empty").textContent = EMPTY_RESULT[mode];
    if (link) loadLink(link);
    if (pressedEarly) { pressedEarly = false; solve(); }
  }

  /** Put a link's puzzle into the form; a refused link's reason shows, over a fresh board of its shape or the
   *  form as it was (refuse).  Another puzzle in the form clears the Result (and stops its search); the form
   *  kept as it was keeps them too. */
  function loadLink(link) {
    if (link === formLink()) return;   // the form's own puzzle, published a moment ago
    form.clearErrors();
    let changed = true;
    try {
      const puzzle = parseFragment(link);
      clearResult();
      if (puzzle.kind === "board") form.showBoard(puzzle); else form.showWords(puzzle);
    } catch (error) {
      if (!(error instanceof FragmentError)) throw error;
      changed = refuse(fragmentKind(link), error.message, error.size, error.height);
    }
    if (changed) edits++;
    scheduleCheck(0);   // the board's own note and errors, which clearErrors took, come back with its check
  }

  /** Say a refused link's reason, in one sentence; true when another puzzle took the form's place.  A board
   *  link of a shape the form takes (`width` x `height`, each side MIN_SIDE to MAX_SIDE) leaves a fresh board of
   *  that shape; one of no shape read, or of a side outside those, leaves the form's board as it was (on a
   *  first load, the form's own), never a board of a size the link did not ask for.  A word link leaves an
   *  empty word pair.  The refused link leaves the address bar. */
  function refuse(kind, reason, width = null, height = width) {
    if (kind !== "board") {
      clearResult();
      form.showWords({ start: "", goal: "" });
      sayRefused(refusal(reason));
      router.publish("ladders");
      return true;
    }
    const taken = [width, height].every((side) => side >= MIN_SIDE && side <= MAX_SIDE);
    if (!taken) {
      sayRefused(refusal(reason));
      router.publish(formLink() || "solve");   // the form's board's own link follows its check
      return false;
    }
    clearResult();
    const tiles = dealTiles(width, goalTiles(width, height));
    form.showBoard({ n: width, tiles });
    sayRefused(refusal(reason, "here is a fresh board instead"));
    router.publish(boardFragment({ n: width, tiles }));
    return true;
  }

  /** The refusal above the board, scrolled to if it is out of sight (the page may be down at the Result). */
  function sayRefused(text) {
    form.setError("link", text);
    $("link-error").scrollIntoView({ block: "nearest" });
  }

  // -- solving ------------------------------------------------------------------------------------------
  /** A board that reaches only the goal with the blank first (Korf's): that goal into the form, and solve. */
  function solveWithBlankFirst() {
    const { n, blank_first_goal: goal } = checked.answer;
    form.setGoalText(boardText(goal, n));
    onEdit("board");   // another puzzle: its check and its link follow
    solve();
  }

  function solve() {
    form.clearErrors();
    clearResult();
    const words = form.mode === "words";
    run((words ? ops.solveWords : ops.solveBoard)(solver, words ? form.wordParams() : form.boardParams(),
      { owner: "form", maxSeconds: () => budgets.form }));
  }

  async function run(next) {
    job = next;
    panel.track(next);
    setBusy(true);
    bringIntoView(result);   // its progress, while the search runs
    const answer = await next.answer;
    if (job !== next) return;
    setBusy(false);
    learnFrom(answer, (next.original || next).params);
    showAnswer(answer);
    if (answer.type !== "error") bringIntoView(result);   // (an error: its field is brought into view)
  }

  function clearResult() {
    if (job) job.cancel();   // the form's own job only: the game's and the judge's go on
    job = null;
    panel.clear();
    player.clear();
    for (const id of ["moves", "result-message", "result-stats", "solution-notation"]) $(id).textContent = "";
    $("moves-line").hidden = $("player").hidden = $("solution-details").hidden = $("ladder").hidden = true;
    $("solution-list").replaceChildren();
    $("ladder").replaceChildren();
    $("result-empty").hidden = false;
    result.dataset.status = "";
    setBusy(false);
    if (explained) {
      explained = null;
      if (checked && form.mode === "board") showNote();   // the reason is back under the board
    }
  }

  function setBusy(busy) {
    $("solve-form").dataset.busy = String(busy);
    result.setAttribute("aria-busy", String(busy));
    if (busy) $("result-empty").hidden = true;
  }

  // On a phone the result is below the form: bring its top (the progress, then the answer) into view.
  function bringIntoView(element) {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight / 3) element.scrollIntoView({ block: "start" });
  }

  function showAnswer(answer) {
    $("result-empty").hidden = true;
    if (answer.type === "error") {
      result.dataset.status = "error";
      const problems = [answer, ...(answer.also || [])];
      for (const { field, message } of problems) form.setError(field, message);
      // the Result says where the messages are, once each, not again
      $("result-message").textContent =
        `No answer: see the message${problems.length > 1 ? "s" : ""} ${form.whereMessages(problems.map((p) => p.field))}.`;
      form.focusField(answer.field);
      return;
    }
    result.dataset.status = answer.status || answer.type;
    $("result-message").textContent = answerText(answer);
    $("result-stats").textContent = detailsText(answer);
    const words = answer.kind === "words", unit = words ? "steps" : "moves";   // a ladder's steps, a board's moves
    if (answer.status === "solved") {
      $("moves-label").textContent = answer.optimal === false ? `Number of ${unit} (not proven shortest) = ` : `Minimum number of ${unit} = `;
      $("result-message").textContent = answer.message ? sentence(answer.message) : "";
      $("moves").textContent = String(answer.moves);
      $("moves-line").hidden = false;
      if (answer.kind === "board") showBoardSolution(answer);
      else showLadder(answer.ladder);
    } else if (answer.status === "unsolvable") {   // the hook's word, in a sentence; the reason follows
      $("moves-label").textContent = words ? "No ladder: this pair is " : "No solution: this board is ";
      $("moves").textContent = "unsolvable";
      $("moves-line").hidden = false;
      if (!words) {
        explained = answer.board.fragment;
        if (checked && checked.board === explained) showNote();
      }
    }
  }

  // The Details of an answer, solved, stopped or cancelled: the method that ran and what it did.  Its time is
  // the engine's `took`, written as the answer's message writes it ("Stopped after 0.2 s ..."), so they agree.
  function detailsText(answer) {
    const done = answer.type === "cancelled" ? answer.progress || {} : answer;
    const frontier = done.max_frontier !== undefined ? `${number(done.max_frontier)} at most on the frontier`
      : done.frontier !== undefined ? `${number(done.frontier)} on the frontier` : "";
    const proven = answer.status === "solved" && answer.optimal !== false;   // the bound is the answer's length
    const bound = done.bound && !proven ? `at least ${plural(done.bound, "move")} proven` : "";
    const numbers = done.expanded === undefined ? ""
      : `${[plural(done.expanded, "position"), frontier, bound, answer.took].filter(Boolean).join(", ")}.`;
    return [done.method, numbers].filter(Boolean).join(": ");
  }

  // The answer lists the blank's cell after each move: the page replays those moves from the start.
  function showBoardSolution(answer) {
    const { n, tiles, goal } = answer.board;   // n: tiles to a row (a rectangle's width)
    const moves = movesAlongBlankPath(n, tiles.indexOf(0), answer.blank_path, tiles.length / n);
    const positions = positionsAlong(tiles, n, moves);
    // the letters named in the game's words, after "letters:" as its notation panel labels them
    $("solution-notation").textContent = `As moves: ${toNotation(moves) || "none"} (letters: ${CONVENTIONS.tile}).`;
    player.load(positions, n, goal);
    $("player").hidden = false;
    $("solution-list").replaceChildren(...positions.map(({ tiles: boardTiles }, i) => {
      const li = document.createElement("li");
      const label = document.createElement("span");
      label.className = "step";
      label.textContent = i === 0 ? "Start" : `Move ${i}`;
      const pre = document.createElement("pre");
      pre.textContent = boardText(boardTiles, n);
      li.append(label, pre);
      return li;
    }));
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

  return {
    open,
    hooks: {
      reset() { clearResult(); form.reset(); edits++; checked = proven = null; },
      clearResult,
    },
  };
}
