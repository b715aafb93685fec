// play/replay-runs.js -- the replays of solve types (modes.js) in the Replays panel: what a kept run's line in the
// list says (its type, its whole time, its moves), and, while one of its boards plays, "Board 2 of 10" with the
// previous and next boards.  A run is kept as one replay record holding every board (replay-store.js).
//
//   const nav = runNav((board) => player.load(board));   // nav.element under the player
//   nav.load(run, board);   // a run's board shown (null: a replay of one board, and the line goes)
//   runText(entry)          // "Marathon of 10, 4×4 · 5:01.234 · 812 STM · 2.701 TPS", or null for a single

import { button, el, formatTime } from "../core/dom.js";
import { formatStatNumber, tilesPerSecond } from "../core/averages.js";
import { categoryLabel } from "./modes.js";

/** A kept run's words in the list (its type, whole time, STM and TPS), or null when the entry is no run. */
export function runText({ replay, run }) {
  if (!run) return null;
  const stm = run.boards.reduce((sum, board) => sum + board.stm, 0);
  const tps = tilesPerSecond(stm, run.timeMs);
  return `${categoryLabel(`${run.type}:${replay.width}x${replay.height}`)} · ${formatTime(run.timeMs)} · ${stm} STM · ` +
    `${tps === null ? "–" : formatStatNumber(tps, 3)} TPS`;
}

export function runNav(showBoard) {
  const where = el("span", { "data-testid": "replay-run-board" });
  let run = null, at = 0;
  const go = (step) => { at += step; showBoard(run.boards[at]); draw(); };
  const previous = button("Previous board", "replay-run-previous", () => go(-1));
  const next = button("Next board", "replay-run-next", () => go(1));
  const element = el("div", { class: "play-controls replay-run", hidden: true }, previous, where, next);
  function draw() {
    element.hidden = !run || run.boards.length < 2;
    if (element.hidden) return;
    where.textContent = `Board ${at + 1} of ${run.boards.length}`;
    previous.disabled = at === 0;
    next.disabled = at === run.boards.length - 1;
  }
  return {
    element,
    load(shownRun, board = null) {
      run = shownRun;
      at = run ? Math.max(0, run.boards.indexOf(board)) : 0;
      draw();
    },
  };
}
