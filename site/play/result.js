// play/result.js -- the words under a finished game: "Solved! You took 24 moves (3 hints) in 12.345; 20 moves are
// optimal for the starting board.", what the statistics leave out and why, what could not be kept, and the
// sentence a screen reader hears.  No state: game.js draws them into its result line.
//
//   const { parts, spoken } = finishedResult(session, { unknown: null, solverReady: true });

import { el, formatTime } from "../core/dom.js";
import { plural } from "../core/messages.js";

/** Why a finished game is not in the statistics (GameSession.uncounted), said under "Solved!". */
export const UNCOUNTED = {
  typed: "Not counted in your statistics: this game began from a position typed in, not one the game dealt.",
  link: "Not counted in your statistics: this game was opened from a link, not dealt here.",
  untimed: "Not counted in your statistics: this game was opened from a link or a reload, so its time from the start is not known.",
  exact: "Not counted in your statistics: an exact deal chooses how far the board is from the goal.",
  help: "Not counted in your statistics: the solver helped.",
  run: "Not counted in your statistics: this board was part of a solve type's run (a marathon, a relay...) that a reload interrupted.",
};

/** The result line's parts (elements and text) and its spoken sentence.  `unknown`: why the optimal count is
 *  not shown (null: it is still being worked out, or will be once the solver has loaded: `solverReady`). */
export function finishedResult(session, { unknown = null, solverReady = false } = {}) {
  if (session.run) return session.run.finishedResult(session, { unknown, solverReady });   // a solve type's (mode-run.js)
  const moves = session.moveCount, optimal = session.optimalStart;
  const helped = [session.assisted && `${plural(session.assisted, "move")} by the solver`,
    session.hints && plural(session.hints, "hint")].filter(Boolean);
  const waiting = unknown || (solverReady ? "the optimal count is being worked out…" : "the optimal count will be shown once the solver has loaded.");
  const time = session.origin === "untimed" ? "" : ` in ${formatTime(session.elapsedMs())}`;   // unknown for an old link
  const parts = [el("strong", { text: "Solved!" }), " ",
    el("span", { text: `You took ${plural(moves, "move")}${helped.length ? ` (${helped.join(", ")})` : ""}${time}; ` }),
    el("span", { text: optimal === null ? "" : String(optimal), "data-testid": "play-optimal" }),
    el("span", { text: optimal === null ? waiting : ` ${optimal === 1 ? "move is" : "moves are"} optimal for the starting board.` })];
  const uncounted = UNCOUNTED[session.uncounted];
  if (uncounted) parts.push(el("span", { text: uncounted, class: "play-uncounted", "data-testid": "play-uncounted" }));
  if (session.notes?.size) parts.push(el("span", { text: [...session.notes].join(" "), class: "play-kept", "data-testid": "play-kept" }));
  const spoken = `Solved in ${plural(moves, "move")}.` + (optimal === null ? "" : ` Optimal for the starting board: ${plural(optimal, "move")}.`);
  return { parts, spoken };
}
