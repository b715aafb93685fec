// play/session.js -- one game of the sliding puzzle, as data: the position, the history (undo and redo),
// the move count, the timer and the solver's plan.  No DOM and no timers of its own: game.js is the view
// over it, as the front ends of Simon Tatham's puzzles are over his mid-end.
//
//   const session = new GameSession({ n: 3, tiles: [8, 1, 3, 4, 0, 2, 7, 6, 5] });   // n: tiles to a row
//   new GameSession({ n: 5, height: 3, tiles });   // a W x H board: n wide, `height` high (n when left out)
//   session.play("l");               // an action: one or more single-tile moves in one direction
//   session.undo(); session.redo();
//   session.setPlan(session.tiles, "ul...");   // a solution from a position (the solver's answer; optimal
//                                              // unless a third argument says it is not proven shortest)
//   session.planHere();              // that solution while the game is on its line, else null

import { applyMove, goalTiles, inverseMoves, positionsAlong, sameTiles } from "../core/rules.js";
import { playFragment } from "../core/links.js";

export class GameSession {
  /**
   * A game from its starting board; `moves` (direction letters, one action each) are played at once.
   * `origin`: where the board came from, "deal" (dealt by the game: a new puzzle, the daily puzzle), "exact"
   * (an exact deal: its distance to the goal was chosen), "link" (a shared or reloaded game) or "typed" (a
   * position put in by hand).  `time`: the milliseconds already played (a game link's, a reload's), and
   * `helped`: whether the solver helped on this board before (a reload's); `caption`: what the board is.
   * A reload's game whose clock ran (`running`) goes on at once from `time` (its time is wall time from its first
   * move, the reload's included: kept-game.js), and `times` gives its moves' times (ms, one a tile moved).
   * A board of a run (a marathon's, a relay's: mode-run.js) has its clock running from `runningSince` (a clock()
   * time) before its first move, and `run` is that run; a `blind` game is solved only once the player says so (close).
   */
  constructor({ n, height = n, tiles, goal = null, moves = "", origin = "typed", time = 0, helped = false, caption = "",
    running = false, times = null, runningSince = null, blind = false, run = null }, clock = () => performance.now()) {
    this.n = n;                // the board's width
    this.height = height;
    this.caption = caption;    // what the board is, said under it (the daily puzzle's date), or ""
    this.start = tiles.slice();
    this.origin = origin;
    this.goal = goal ? goal.slice() : goalTiles(n, height);
    this.clock = clock;
    this.optimalStart = null;  // optimal moves from the starting board, once the solver has said
    this.plan = null;          // {key, moves}: an optimal solution from the position `key`
    this.helped = helped;      // a hint or a move by the solver on this board, in any attempt: a restart keeps it
    this.blind = blind;
    this.run = run;            // the solve type's run this board is part of (mode-run.js), or null
    this.restart();
    for (const dir of moves) this._do(dir);
    this.openedSolved = this.solved;   // a link's or a reload's moves reach the goal: a solve of before, never kept again
    this.elapsedBefore = time || 0;
    if (Array.isArray(times) && times.length === this.past.length && times.every(Number.isFinite)) this.pastTimes = times.slice();
    if (running && (this.past.length || origin === "run") && !this.solved) this.startedAt = clock();   // a run's clock runs between boards
    if (runningSince !== null) this.startedAt = runningSince;
  }

  /** Back to the starting board with a fresh history and timer; what the solver said is kept. */
  restart() {
    this.tiles = this.start.slice();
    this.past = [];            // actions done, each a string of single-tile moves
    this.pastTimes = [];       // when each was done: ms since the first move (null: played before this page's clock)
    this.future = [];          // actions undone, for redo
    this.assisted = 0;         // moves played by "Finish from here"
    this.hints = 0;
    this.hint = null;          // the direction of the hinted move, until the next move
    this.startedAt = null;
    this.elapsedBefore = 0;
    this.closed = false;       // no move follows: a blind game's "Done", a fewest-moves game's time up
  }

  /** This game as it stands, apart: same board, moves, times and plan, its clock paused (a game set aside). */
  copy() {
    const copy = new GameSession({ ...this, tiles: this.start, moves: this.past.join(""), time: this.elapsedMs() }, this.clock);
    Object.assign(copy, { plan: this.plan, optimalStart: this.optimalStart, past: this.past.slice(),
      pastTimes: this.pastTimes.slice(), future: this.future.slice(), assisted: this.assisted, hints: this.hints });
    copy.pause();
    return copy;
  }

  get moveCount() {
    return this.past.reduce((sum, action) => sum + action.length, 0);
  }

  /** Solved once the goal is reached by playing (a game that starts at its goal is not solved yet). */
  get solved() {
    return this.past.length > 0 && sameTiles(this.tiles, this.goal) && (!this.blind || this.closed);
  }

  /** No move follows (a blind game's "Done", a fewest-moves game's time up) and the clock stops: whether it is solved. */
  close() {
    this.pause();
    this.closed = true;
    return this.solved;
  }

  /** Start the clock before the first move (a blind game's "Start"). */
  startClock() {
    this._startTimer();
  }

  get atGoal() {
    return sameTiles(this.tiles, this.goal);
  }

  /**
   * Why a solve of this game stays out of the player's statistics, or null when it counts: "typed", "link"
   * or "exact" (anyone can type, link or ask for a board one move from its goal), "untimed" (a link without
   * its time so far), "help" (hints, or moves played by the solver, in this attempt or one before it on the
   * same board: a restart does not make a board unseen).  A reloaded deal keeps its origin (game.js).
   */
  get uncounted() {
    if (this.origin !== "deal") return this.origin;
    return this.helped ? "help" : null;
  }

  /** The game's share link: its starting board, every move still played and, once the game has begun, the
   *  time played; `{ time: false }` leaves the time out (the game itself, whatever the clock says). */
  fragment({ time = true } = {}) {
    const elapsed = this.elapsedMs();
    const played = time && (this.past.length || elapsed > 0) ? elapsed : null;
    return playFragment({ n: this.n, tiles: this.start, goal: this.goal, moves: this.past.join(""), time: played });
  }

  // ---- moves -------------------------------------------------------------------------------------

  /** Play an action; returns the tiles that slid, in order, or null when it cannot be played. */
  play(action, { assisted = false } = {}) {
    if (!action || this.solved || this.closed) return null;
    const slid = this._do(action);
    if (!slid) return null;
    this.future = [];
    if (assisted) { this.assisted += action.length; this.helped = true; }
    this._startTimer();
    const at = this.elapsedMs();
    this.pastTimes[this.pastTimes.length - 1] = at;
    if (this.solved) this._stopTimer(at);
    return slid;
  }

  /** Take back the last action; returns it, or null when there is none. */
  undo() {
    const action = this.closed ? null : this.past.pop();
    if (!action) return null;
    this.pastTimes.pop();
    this.tiles = this._positions(inverseMoves(action)).at(-1).tiles;
    this.future.push(action);
    this.hint = null;
    return action;
  }

  /** Play the last action undone again; returns the tiles that slid, or null. */
  redo() {
    if (!this.future.length || this.solved) return null;
    const future = this.future;
    const slid = this.play(future.at(-1));
    this.future = future.slice(0, -1);
    return slid;
  }

  _do(action) {
    const positions = this._positions(action);
    if (!positions) return null;
    const after = positions.at(-1).tiles;
    this._advancePlan(action, after);
    this.tiles = after;
    this.past.push(action);
    this.pastTimes.push(null);
    this.hint = null;
    return positions.slice(1).map((position) => position.tile);
  }

  _positions(moves) {
    return positionsAlong(this.tiles, this.n, moves);
  }

  // ---- the timer: runs from the first move until the goal ------------------------------------------

  get timerRunning() {
    return this.startedAt !== null;
  }

  /** The time played in whole ms, floored as formatTime writes it, so that the timer, the result, the statistics,
   *  the link and the replay all say one time. */
  elapsedMs() {
    return Math.floor(this.elapsedBefore + (this.startedAt === null ? 0 : this.clock() - this.startedAt));
  }

  /** When each single-tile move still played was made, in whole ms since the first move (the tiles of one
   *  action share its time), or null when some were played before this page's clock ran (a link, a reload). */
  moveTimesMs() {
    if (this.pastTimes.some((at) => at === null)) return null;
    return this.past.flatMap((action, i) => Array(action.length).fill(Math.round(this.pastTimes[i])));
  }

  /** Stop the clock without finishing (a game set aside); the next move starts it again. */
  pause() {
    if (this.timerRunning) this._stopTimer();
  }

  _startTimer() {
    if (this.startedAt === null) this.startedAt = this.clock();
  }

  _stopTimer(at = this.elapsedMs()) {
    this.elapsedBefore = at;
    this.startedAt = null;
  }

  // ---- the solver's plan -----------------------------------------------------------------------------

  /** Record a solution (direction letters) from the position `tiles`: optimal, or not proven shortest. */
  setPlan(tiles, moves, optimal = true) {
    this.plan = { key: tiles.join(","), moves, optimal };
    if (optimal && sameTiles(tiles, this.start)) this.optimalStart = moves.length;
  }

  /** The planned moves from here, when known, else null. */
  planHere() {
    return this.plan && this.plan.key === this.tiles.join(",") ? this.plan.moves : null;
  }

  /** Whether the plan from here is proven shortest. */
  get planOptimal() {
    return this.planHere() !== null && this.plan.optimal;
  }

  /** Mark the next move of the plan as the hint; returns its direction (null without a plan). */
  takeHint() {
    const moves = this.planHere();
    if (!moves) return null;
    this.hint = moves[0];
    this.hints += 1;
    this.helped = true;
    return this.hint;
  }

  /** The tile the hint slides, or null. */
  get hintTile() {
    return this.hint && applyMove(this.tiles, this.n, this.hint).tile;
  }

  _advancePlan(action, after) {
    const moves = this.planHere();
    if (moves && moves.startsWith(action)) this.plan = { ...this.plan, key: after.join(","), moves: moves.slice(action.length) };
  }
}
