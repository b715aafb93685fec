// play/verdicts.js -- the engine's verdicts on a game's positions, cached per position and asked one at a time.
// No DOM.  A verdict is the worker's answer to {op: "judge", tiles, goal} (see webapi.py):
//   {distance, exact, moves: [{cell, tile, delta}], method}: delta -1 gains a step, +1 loses one.
//
//   const judge = new Judge(solver);
//   await judge.verdict(tiles, goal);          // asked now, ahead of anything only prefetched
//   judge.prefetch([tilesA, tilesB], goal);    // the next positions, asked when the worker is idle
//   judge.cached(tiles, goal);                 // a verdict already in hand, or null
//   judge.onlyFor(tiles, goal);                // nothing else is wanted: other questions are dropped
//
// Each verdict is a job (core/job.js) of the owner "judge": the engine fetches the tables it reads first,
// and the game's own requests and the form's go on beside it.

import * as ops from "../core/ops.js";

/** Above 16 cells (from 5x5 on, and the larger rectangles) a verdict is a bounded search of several seconds in
 *  the worker: the judge does not ask ahead, and a finished game's analysis uses only the positions judged
 *  during play.  Up to 16 cells (4x4, 5x3, 8x2...) a verdict is exact and quick. */
export const EXACT_CELLS = 16;
export const slowToJudge = (width, height) => width * height > EXACT_CELLS;

// `width`: tiles to a row (a 5x3 and a 3x5 hold the same numbers); a square's when left out.
const squareWidth = (tiles) => Math.round(Math.sqrt(tiles.length));
const keyOf = (tiles, goal, width) => `${width}|${tiles.join(",")}|${goal.join(",")}`;

export class Judge {
  constructor(solver) {
    this.solver = solver;
    this.verdicts = new Map();   // key -> verdict
    this.waiting = new Map();    // key -> {tiles, goal, resolvers: [], urgent}
    this.order = [];             // keys, urgent ones first
    this.busy = false;
    this.running = null;         // {key, job} of the question being worked out
  }

  cached(tiles, goal, width = squareWidth(tiles)) {
    return this.verdicts.get(keyOf(tiles, goal, width)) || null;
  }

  /** The verdict on `tiles` (`width` to a row), asked ahead of prefetched positions. */
  verdict(tiles, goal, width = squareWidth(tiles)) {
    const known = this.cached(tiles, goal, width);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => this._enqueue(tiles, goal, width, { resolve, reject }, true));
  }

  /** Ask for these positions' verdicts when nothing more urgent waits. */
  prefetch(positions, goal, width = squareWidth(positions[0] || [])) {
    for (const tiles of positions) {
      if (!this.cached(tiles, goal, width)) this._enqueue(tiles, goal, width, null, false);
    }
  }

  /**
   * Only the verdict on `tiles` is wanted now (a 5x5 verdict takes seconds: one on a position the player has
   * left is not worth waiting for): the question being worked out about another position is cancelled, and
   * the waiting ones are dropped; whoever asked them gets an error they no longer look at.
   */
  onlyFor(tiles, goal, width = squareWidth(tiles)) {
    const key = keyOf(tiles, goal, width);
    for (const other of this.order.filter((k) => k !== key)) {
      this.waiting.get(other)?.resolvers.forEach(({ reject }) => reject(new Error("the position is no longer on the board")));
      this.waiting.delete(other);
    }
    this.order = this.order.filter((k) => k === key);
    if (this.running && this.running.key !== key) this.running.job.cancel();
  }

  _enqueue(tiles, goal, width, resolver, urgent) {
    const key = keyOf(tiles, goal, width);
    let entry = this.waiting.get(key);
    if (!entry) {
      entry = { tiles: tiles.slice(), goal: goal.slice(), width, resolvers: [], urgent: false };
      this.waiting.set(key, entry);
    }
    if (resolver) entry.resolvers.push(resolver);
    if (urgent && !entry.urgent) {
      entry.urgent = true;
      this.order = [key, ...this.order.filter((k) => k !== key)];
    } else if (!this.order.includes(key)) {
      this.order.push(key);
    }
    this._next();
  }

  async _next() {
    if (this.busy || !this.order.length) return;
    this.busy = true;
    const key = this.order.shift();
    const entry = this.waiting.get(key);
    this.waiting.delete(key);
    try {
      const verdict = await this._ask(key, entry.tiles, entry.goal, entry.width);
      this.verdicts.set(key, verdict);
      entry.resolvers.forEach(({ resolve }) => resolve(verdict));
    } catch (error) {
      entry.resolvers.forEach(({ reject }) => reject(error));
    } finally {
      this.busy = false;
      this.running = null;
      this._next();
    }
  }

  async _ask(key, tiles, goal, width) {
    const job = ops.judge(this.solver, { tiles, goal, width }, { owner: "judge" });
    this.running = { key, job };
    const answer = await job.answer;
    if (answer.type !== "judgement") throw new Error(answer.message || "the solver could not judge this position");
    return answer;
  }
}
