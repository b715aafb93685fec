// judge.js -- the engine's verdicts on a game's positions, cached per position and asked one at a time.
// No DOM.  A verdict is the worker's answer to {op: "judge", tiles, goal} (see webapi.py):
//   {distance, exact, moves: [{cell, tile, delta}], method}: delta -1 gains a step, +1 loses one.
//
//   const judge = new Judge(solver);
//   await judge.verdict(tiles, goal);          // asked now, ahead of anything only prefetched
//   judge.prefetch([tilesA, tilesB], goal);    // the next positions, asked when the worker is idle
//   judge.cached(tiles, goal);                 // a verdict already in hand, or null
//
// The engine reads its distance tables only for a solve (they arrive with a "fetch" reply), so the first
// verdict on a size is preceded by a one-move solve of that size: a judgement is then a table read.

import { applyMove, goalTiles } from "./game-core.js";
import { boardText } from "./board-view.js";

const WARM_SIZES = new Set([3, 4]);

const keyOf = (tiles, goal) => `${tiles.join(",")}|${goal.join(",")}`;

export class Judge {
  constructor(solver) {
    this.solver = solver;
    this.verdicts = new Map();   // key -> verdict
    this.waiting = new Map();    // key -> {tiles, goal, resolvers: [], urgent}
    this.order = [];             // keys, urgent ones first
    this.busy = false;
    this.warmed = new Map();     // n -> promise of the tables being loaded
  }

  cached(tiles, goal) {
    return this.verdicts.get(keyOf(tiles, goal)) || null;
  }

  /** The verdict on `tiles`, asked ahead of prefetched positions. */
  verdict(tiles, goal) {
    const known = this.cached(tiles, goal);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => this._enqueue(tiles, goal, { resolve, reject }, true));
  }

  /** Ask for these positions' verdicts when nothing more urgent waits. */
  prefetch(positions, goal) {
    for (const tiles of positions) {
      if (!this.cached(tiles, goal)) this._enqueue(tiles, goal, null, false);
    }
  }

  _enqueue(tiles, goal, resolver, urgent) {
    const key = keyOf(tiles, goal);
    let entry = this.waiting.get(key);
    if (!entry) {
      entry = { tiles: tiles.slice(), goal: goal.slice(), resolvers: [], urgent: false };
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
      const verdict = await this._ask(entry.tiles, entry.goal);
      this.verdicts.set(key, verdict);
      entry.resolvers.forEach(({ resolve }) => resolve(verdict));
    } catch (error) {
      entry.resolvers.forEach(({ reject }) => reject(error));
    } finally {
      this.busy = false;
      this._next();
    }
  }

  async _ask(tiles, goal) {
    const n = Math.round(Math.sqrt(tiles.length));
    await this._warm(n);
    const answer = await this.solver.request("judge", { tiles, goal });
    if (answer.type !== "judgement") throw new Error(answer.message || "the solver could not judge this position");
    return answer;
  }

  /** Have the worker load the size's distance tables, by a one-move solve (once per size). */
  _warm(n) {
    if (!WARM_SIZES.has(n)) return Promise.resolve();
    if (!this.warmed.has(n)) {
      const goal = goalTiles(n);
      const oneMove = applyMove(goal, n, "r").tiles;
      this.warmed.set(n, this.solver.request("solve_board", { board: boardText(oneMove, n) }).catch(() => null));
    }
    return this.warmed.get(n);
  }
}
