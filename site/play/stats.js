// play/stats.js -- solves kept on this device (localStorage), per board size, the numbers players use, and
// their panel below the board.  A solve is {time (ms), moves, optimal (or null), date (ISO)}; only the
// solves that count are kept (a board the game dealt, solved without help: GameSession.uncounted).
//
//   const stats = new Stats(localStorage);
//   stats.record(4, { time: 61234, moves: 64, optimal: 48 });
//   stats.summary(4)   // {solves, bestTime, bestMoves, ao5, ao12}: ao = mean time of the last 5 (12)
//                      // solves without the best and the worst; null until there are that many
//   stats.reset(4); stats.reset(); stats.exportText();
//   statsPanel(root, game)   // the table, export and reset, recording each counted solve of the game

import { button, el, formatTime } from "../core/dom.js";
import { panel } from "./extra-panel.js";

const KEY = "puzzlesolver-stats-v1";

/** Why a finished game is not in the statistics (GameSession.uncounted), said under "Solved!". */
export const UNCOUNTED = {
  typed: "Not counted in your statistics: this game began from a position typed in, not one the game dealt.",
  link: "Not counted in your statistics: this game was opened from a link, not dealt here.",
  untimed: "Not counted in your statistics: this game was opened from a link or a reload, so its time from the start is not known.",
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

// ---- the panel ----------------------------------------------------------------------------------
export function statsPanel(root, game) {
  const stats = new Stats(localStorage);
  const body = el("tbody");
  const table = el("table", { class: "stats", "data-testid": "stats-table" },
    el("caption", { class: "visually-hidden", text: "Your solves per size" }),
    el("thead", {}, el("tr", {}, ...["Size", "Solves", "Best time", "Fewest moves", "ao5", "ao12"].map((t) => el("th", { scope: "col", text: t })))),
    body);
  const exportLink = el("a", { text: "Export (JSON)", "data-testid": "stats-export", download: "sliding-puzzle-stats.json", href: "#" });
  const show = () => {
    const sizes = stats.sizes();
    body.replaceChildren(...(sizes.length ? sizes.map((n) => {
      const s = stats.summary(n);
      return el("tr", { "data-size": String(n) }, el("th", { scope: "row", text: `${n}×${n}` }),
        ...[String(s.solves), formatTime(s.bestTime), s.bestMoves ?? "–", formatTime(s.ao5), formatTime(s.ao12)].map((t) => el("td", { text: String(t) })));
    }) : [el("tr", {}, el("td", { colSpan: 6, class: "stats-empty", text: "No solves yet: finish a dealt game without hints to start." }))]));
  };
  exportLink.addEventListener("click", () => {
    exportLink.href = URL.createObjectURL(new Blob([stats.exportText()], { type: "application/json" }));
  });
  const reset = button("Reset statistics", "stats-reset", () => {
    if (confirm("Forget every solve kept on this device?")) { stats.reset(); show(); }
  });
  // A solve counts once per game, when a move solves it here, and only when the session says it counts
  // (a board the game dealt, solved without help: GameSession.uncounted).  A game opened already solved
  // (a link, a reload) does not count again, nor does the same board solved again after a restart.
  let seen = null, recorded = null;
  root.addEventListener("game-render", () => {
    const s = game.session;
    if (s !== seen) { seen = s; recorded = s.solved ? s : null; return; }
    if (!s.solved || recorded === s) return;
    recorded = s;
    if (s.uncounted) return;
    stats.record(s.n, { time: s.elapsedMs(), moves: s.moveCount, optimal: s.optimalStart });
    show();
  });
  show();
  return panel("Statistics", "stats-panel", table,
    el("p", { class: "note", text: "Kept on this device only. Only games the game dealt (a new puzzle, the daily puzzle) count, solved without hints or help, once each: not an exact deal, a typed position or a game opened from a link. ao5 and ao12: the mean time of your last 5 (12) solves without the best and the worst." }),
    el("div", { class: "play-controls" }, exportLink, reset));
}
