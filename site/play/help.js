// play/help.js -- what the game asks of the solver: a solution from the position on the board (for Hint,
// "Finish from here", which plays it, and the distance to the goal) and the optimal count of a finished
// game.  Each is a job (core/job.js) of the owner "game", within the game's budget; the game's status line
// shows its progress, Cancel stops it, and when the budget runs out the engine's words show with "Keep
// going" and "Fast answer (not shortest)", offered for that position only.  An answer not proven shortest
// (5x5 and up) is used, and said to be one.  A question about the position on the board is dropped when the
// board changes: its search is cancelled and nothing about that position is shown afterwards (the player
// who moved on asks again for the new position, if they want to).
//
//   const help = new GameHelp(game, { solver, budgets, elements });
//   help.hint(); help.distance(); help.finishFromHere(); help.stopAutoplay(say);   // the game's buttons
//   help.askOptimalStart();                           // a finished game's count, asked by itself
//   help.ask(tiles, (moves, answer) => ...);          // moves: direction letters from `tiles`
//   help.busy; help.autoplaying; help.cancel(); help.withdraw(key);

import { DIRS, movesAlongBlankPath } from "../core/rules.js";
import { boardText } from "../core/notation.js";
import { JobPanel, answerText } from "../core/job.js";
import * as ops from "../core/ops.js";
import { lowerFirst, plural, sentence } from "../core/messages.js";

// "Finish from here": a move every SOLVE_STEP_MS (half as slow again for reduced motion), or faster on a long
// solution (hundreds or thousands of moves on a big board), so that it ends within FINISH_WITHIN_MS: the moves due
// by each frame are played together and drawn once.  Faster than a move every SLIDE_MIN_MS the tiles jump rather
// than slide, so that none is drawn over another mid-slide.
const SOLVE_STEP_MS = 320, FINISH_WITHIN_MS = 10000, SLIDE_MIN_MS = 150;
const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export class GameHelp {
  /**
   * `game`: {session, showMessage(text, kind), announce(text), render(), playPlan(count), setSliding(on),
   * describeFinish(unknown)} of game.js; `elements`: the status line, Cancel, Keep going, Fast answer, and
   * the row holding the two offers.
   */
  constructor(game, { solver, budgets, elements }) {
    this.game = game;
    this.solver = solver;
    this.budgets = budgets;
    this.job = null;         // the job running or answered last
    this.asked = null;       // what it was asked for: {key, onMoves, onStopped}
    this.offered = null;     // the position key the offers and the message with them (advice, a note) are for
    this.autoplay = null;    // animation frame id while "Finish from here" plays
    this.panel = new JobPanel({ status: elements.note, cancel: elements.cancel, keepGoing: elements.keepGoing,
      fastAnswer: elements.fastAnswer, actions: elements.offers }, { onFollow: (next) => this._follow(next), brief: true });
    elements.cancel.addEventListener("click", () => this.cancel());
  }

  get ready() {
    return this.solver.state === "ready";
  }

  /** A search the player waits for (the finished game's own count, asked by itself, is not one). */
  get busy() {
    return this.running && !this.asked.quiet;
  }

  get running() {
    return Boolean(this.job && !this.job.result);
  }

  get autoplaying() {
    return this.autoplay !== null;
  }

  // ---- the game's questions ----------------------------------------------------------------------
  /** Hint: the next move of a solution from here, marked on its tile. */
  hint() {
    const { game } = this;
    if (game.session.solved) return;
    this._withPlan(() => {
      const { session } = game;
      const dir = session.takeHint();
      if (!dir) return;
      game.render();
      game.announce(`Hint: slide ${session.hintTile} ${DIRS[dir].name}. ${sentence(this._fromGoal())}`);
    });
  }

  /** How far the board on screen is from the goal. */
  distance() {
    this._withPlan(() => { this.game.render(); this.game.announce(sentence(`You are ${this._fromGoal()}`)); });
  }

  /** "Finish from here": a solution from here, played a move at a time until the goal or a stop. */
  finishFromHere() {
    const { game } = this;
    if (game.session.solved) return;
    this._withPlan(() => {
      const total = game.session.planHere().length;
      const perMove = Math.min(SOLVE_STEP_MS * (reducedMotion() ? 1.5 : 1), FINISH_WITHIN_MS / total);
      const began = performance.now() - perMove;   // the first move at once
      let played = 0;
      const frame = (now) => {
        const due = Math.min(total, Math.floor((now - began) / perMove)) - played;
        if (due > 0) played += game.playPlan(due);
        if (game.session.solved || !game.session.planHere()) this.stopAutoplay(false);
        else this.autoplay = requestAnimationFrame(frame);
      };
      game.setSliding(perMove >= SLIDE_MIN_MS);
      game.announce("Solving from here.");
      this.autoplay = requestAnimationFrame(frame);
      game.render();
    });
  }

  stopAutoplay(say) {
    if (this.autoplay === null) return;
    cancelAnimationFrame(this.autoplay);
    this.autoplay = null;
    this.game.setSliding(true);
    if (say) this.game.announce("Stopped.");
    this.game.render();
  }

  // Asked by itself once the game is solved: no offers, and a request the worker died on is not sent again.
  // It is about the starting board, so moves do not cancel it; but a game undone meanwhile is no longer
  // finished, and gets no "Solved!" until it is finished again.  It is quiet: the result says the count is
  // being worked out, so no progress and no Cancel show, and the game's buttons stay live (a Hint after an
  // Undo asks its own question in its place; finishing again asks for the count again).
  askOptimalStart() {
    const { game } = this;
    const asked = game.session, from = asked.start.slice();
    const unknown = ({ bound = 0 } = {}) => {
      if (game.session === asked && asked.solved) game.describeFinish(bound ? `the shortest takes at least ${plural(bound, "move")}.` : "the optimal count could not be worked out.");
    };
    this.ask(from, (moves, answer) => {
      if (game.session !== asked) return;
      asked.setPlan(from, moves, answer.optimal !== false);
      if (!asked.solved) return;
      if (asked.optimalStart !== null) game.describeFinish(); else unknown(answer);
    }, { onStopped: unknown, again: false, outlivesMoves: true, quiet: true });
  }

  /** Run `then(moves)` with a solution from the current position (optimal unless the budget ran out first). */
  _withPlan(then) {
    const { game } = this;
    const known = game.session.planHere();
    if (known !== null) { then(known); return; }
    const asked = game.session, from = asked.tiles.slice();
    this.ask(from, (moves, answer) => {
      if (game.session !== asked) return;
      const improving = asked.planHere() !== null;   // "Keep going" on an answer already used
      asked.setPlan(from, moves, answer.optimal !== false);
      const here = asked.planHere();   // null when the person moved meanwhile
      if (here === null) return;
      if (!improving) { then(here); return; }
      game.render();
      game.announce(sentence(`You are ${this._fromGoal()}`));
    });
  }

  _fromGoal() {
    const { session } = this.game;
    return `${session.planOptimal ? "" : "at most "}${plural(session.planHere().length, "move")} from the goal`;
  }

  // ---- the jobs ----------------------------------------------------------------------------------

  /**
   * A solution from `tiles` to the game's goal, by the engine's default (strongest optimal) method.
   * `onMoves(moves, answer)` gets it; with `onStopped(answer)`, a search without an answer goes there
   * instead of offering to go on (the count asked by itself when a game is finished), and `again: false`
   * does not ask a worker that died on this position before.  The question is about the position on the
   * board, and a move cancels it (withdraw), unless `outlivesMoves` (the starting board's count).  A `quiet`
   * question shows no progress and no Cancel, and leaves the game's buttons live (see busy).
   */
  ask(tiles, onMoves, { onStopped = null, again = true, outlivesMoves = false, quiet = false } = {}) {
    if (!this.ready) return;
    const { session } = this.game;
    const n = session.n;
    const params = { board: boardText(tiles, n), goal: boardText(session.goal, n) };
    this.asked = { key: tiles.join(","), tiles: tiles.slice(), onMoves, onStopped, outlivesMoves, quiet };
    this._run(ops.solveBoard(this.solver, params, { owner: "game", maxSeconds: () => this.budgets.game, again }),
      { quiet });
  }

  /** Stop the running request; its answer is no longer wanted. */
  cancel() {
    if (!this.running) return;
    this._stop();
    this.game.render();
  }

  /**
   * The board now shows the position `key` (game.js calls this first thing when it draws): a search about
   * another position is cancelled, and the offers and their message (a stopped search's advice, or the
   * note that an answer is not proven shortest) go when they were for another position.
   */
  withdraw(key) {
    if (this.running && !this.asked.outlivesMoves && this.asked.key !== key) this._stop();
    if (this.offered === null || this.offered === key) return;
    this._forget();
    this.panel.clear();
  }

  _stop() {
    this.job.cancel();
    this.job = null;
    this.panel.clear();
  }

  _forget() {
    if (this.offered !== null) this.game.showMessage("");
    this.offered = null;
  }

  _follow(next) {
    this._run(next, { tracked: true });   // the panel shows it already
  }

  async _run(job, { tracked = false, quiet = false } = {}) {
    if (this.running) this.job.cancel();
    this._forget();
    this.game.showMessage("");
    this.job = job;
    if (quiet) this.panel.clear();
    else if (!tracked) this.panel.track(job);
    this.game.render();
    const answer = await job.answer;
    if (this.job !== job) return;
    this.game.render();
    this._answer(answer, this.asked);
  }

  _answer(answer, asked) {
    const { game } = this;
    if (answer.type === "cancelled") return;
    if (answer.type === "error") { this._fail(answer.message, asked); return; }
    if (answer.status === "stopped") {
      if (asked.onStopped) { this.panel.clear(); asked.onStopped(answer); return; }
      this._offer(asked, sentence(answer.message));
      return;
    }
    if (answer.status !== "solved") { this._fail(answerText(answer) || `the solver stopped (${answer.status})`, asked); return; }
    const moves = movesAlongBlankPath(game.session.n, asked.tiles.indexOf(0), answer.blank_path || [], game.session.height);
    if (moves === null || moves.length !== answer.moves) { this._fail("its answer is not a line of moves", asked); return; }
    asked.onMoves(moves, answer);
    if (answer.optimal === false && !asked.onStopped) this._offer(asked, answerText(answer));
    else this.panel.clear();
  }

  // The engine's words when its budget ran out, and the buttons (shown by the panel) for that position.
  _offer(asked, text) {
    this.offered = asked.key;
    this.game.showMessage(text, "note");
  }

  _fail(text, asked) {
    this.panel.clear();
    if (asked.onStopped) { asked.onStopped({}); return; }
    const why = sentence(`The solver could not answer: ${lowerFirst(text)}`);
    this.game.showMessage(why);
    this.game.announce(why);
  }
}
