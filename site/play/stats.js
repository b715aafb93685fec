// play/stats.js -- solves kept on this device (localStorage), per board size, and the numbers players use.
// No DOM.  A solve is {time (ms), moves, optimal (or null), date (ISO)}; only the solves that count are kept
// (a board the game dealt, solved without help: GameSession.uncounted, panels.js).
//
//   const stats = new Stats(localStorage);
//   stats.record(4, { time: 61234, moves: 64, optimal: 48 });
//   stats.summary(4)   // {solves, bestTime, bestMoves, ao5, ao12}: ao = mean time of the last 5 (12)
//                      // solves without the best and the worst; null until there are that many
//   stats.reset(4); stats.reset(); stats.exportText();

const KEY = "puzzlesolver-stats-v1";

/** Why a finished game is not in the statistics (GameSession.uncounted), said under "Solved!". */
export const UNCOUNTED = {
  typed: "Not counted in your statistics: this game began from a position typed in, not one the game dealt.",
  link: "Not counted in your statistics: this game was opened from a link or a reload, so its time from the start is not known.",
  exact: "Not counted in your statistics: an exact deal chooses how far the board is from the goal.",
  help: "Not counted in your statistics: the solver helped.",
};

export function averageOf(times, count) {
  if (times.length < count) return null;
  const last = times.slice(-count).sort((a, b) => a - b).slice(1, -1);
  return last.reduce((sum, t) => sum + t, 0) / last.length;
}

export class Stats {
  constructor(storage) {
    this.storage = storage;
  }

  _load() {
    try {
      const data = JSON.parse(this.storage.getItem(KEY) || "{}");
      return data && typeof data === "object" && data.sizes ? data : { sizes: {} };
    } catch {
      return { sizes: {} };
    }
  }

  _save(data) {
    try { this.storage.setItem(KEY, JSON.stringify(data)); } catch { /* storage full or refused */ }
  }

  solves(n) {
    return this._load().sizes[n] || [];
  }

  sizes() {
    return Object.keys(this._load().sizes).map(Number).sort((a, b) => a - b);
  }

  record(n, { time, moves, optimal = null }) {
    const data = this._load();
    (data.sizes[n] ||= []).push({ time: Math.round(time), moves, optimal, date: new Date().toISOString() });
    this._save(data);
  }

  summary(n) {
    const solves = this.solves(n);
    const times = solves.map((s) => s.time);
    return {
      solves: solves.length,
      bestTime: times.length ? Math.min(...times) : null,
      bestMoves: solves.length ? Math.min(...solves.map((s) => s.moves)) : null,
      ao5: averageOf(times, 5),
      ao12: averageOf(times, 12),
    };
  }

  reset(n = null) {
    const data = this._load();
    if (n === null) data.sizes = {};
    else delete data.sizes[n];
    this._save(data);
  }

  exportText() {
    return JSON.stringify(this._load(), null, 1);
  }
}
