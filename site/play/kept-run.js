// play/kept-run.js -- a solve type's run under way (a marathon's, a relay's: mode-run.js), kept in this tab
// (sessionStorage) as it goes, so that a reload goes on with it: the boards already solved, with their moves and
// times, and the boards still to come.  The board on screen is kept by kept-game.js, as any game is; a reload that
// finds both goes on with the run from that board, its clock never stopped (a solve's time is wall time).
//
//   keepRun(run);                       // after each board dealt: its mode, boards, scrambles and the boards solved
//   forgetRun();                        // the run ended, or another began
//   const kept = keptRun(mode, board);  // {boards, scrambles, solved: [{moves, times, from, elapsed, helped}]} when
//                                       // the run kept is of `mode` and `board` (its start tiles) is its next, else null

import { sameTiles } from "../core/rules.js";

const KEPT_KEY = "puzzlesolver-run-v1";

export function keepRun(run) {
  const solved = run.played.slice(0, -1).map(({ session, from }) => ({ moves: session.past.join(""), times: session.moveTimesMs(),
    from, elapsed: session.elapsedMs(), helped: session.helped }));
  const kept = { mode: run.mode, boards: run.boards, scrambles: run.scrambles, solved };
  try { sessionStorage.setItem(KEPT_KEY, JSON.stringify(kept)); } catch { /* storage refused: a reload starts the run again */ }
}

export function forgetRun() {
  try { sessionStorage.removeItem(KEPT_KEY); } catch { /* nothing kept */ }
}

export function keptRun(mode, board) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT_KEY) || "null");
    if (!kept || kept.mode?.type !== mode.type || kept.mode?.length !== mode.length) return null;
    const next = kept.solved.length;
    const scramble = kept.scrambles?.[next];
    if (!Array.isArray(scramble) || !sameTiles(scramble, board)) return null;
    return { boards: kept.boards, scrambles: kept.scrambles, solved: kept.solved };
  } catch { /* nothing kept, or not readable */ }
  return null;
}
