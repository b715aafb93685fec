// core/replay-progress.js -- how far a replay has come after each move, as Slidysim's replay shows it (its
// modules/replayGeneration.js, the table beside the rewind slider; read, not copied): the moves made, the Manhattan
// distance solved (MD: each tile's rows plus columns from its home, summed; the scramble's is the whole solve's),
// moves per MD solved ("Moves/MD": the whole solve's is its STM over its scramble's MD, so 1 is a solve that never
// moved a tile away from home), the TPS and the time; and the pace along the solve, for its graph.  No DOM.
//
//   const line = distanceLine(replay);         // MD after 0, 1, ..., stm moves (Int32Array)
//   progressAt(replay, line, times, 200);      // {moves, movesShare, mdSolved, mdShare, movesPerMd, tps, timeMs}
//   paceLine(times);                           // TPS over the last second (paceWindowMs) at each move

import { cellForDir } from "./rules.js";

/** The Manhattan distance of a position (tiles row-major, 0 the blank) from the standard goal of its width. */
export function manhattanDistance(tiles, width) {
  let total = 0;
  tiles.forEach((tile, cell) => { if (tile) total += tileDistance(tile, cell, width); });
  return total;
}

function tileDistance(tile, cell, width) {
  const home = tile - 1;
  return Math.abs(Math.floor(home / width) - Math.floor(cell / width)) + Math.abs((home % width) - (cell % width));
}

/** The MD before the first move and after each one: a move changes one tile's distance, so one pass. */
export function distanceLine(replay) {
  const { width, moves } = replay;
  const tiles = Array.from(replay.scramble);
  const line = new Int32Array(moves.length + 1);
  line[0] = manhattanDistance(tiles, width);
  for (let i = 0; i < moves.length; i++) {
    const cell = cellForDir(tiles, width, moves[i]), blank = tiles.indexOf(0), tile = tiles[cell];
    line[i + 1] = line[i] - tileDistance(tile, cell, width) + tileDistance(tile, blank, width);
    tiles[blank] = tile;
    tiles[cell] = 0;
  }
  return line;
}

/**
 * After `moves` moves: the moves and their share of the solve, the MD solved and its share, moves per MD solved
 * (null while none is solved), the TPS so far (null at the start) and the time; `times`: ms of each move.
 */
export function progressAt(replay, line, times, moves) {
  const mdSolved = line[0] - line[moves];
  const timeMs = moves ? times[moves - 1] : 0;
  return {
    moves,
    movesShare: replay.stm ? moves / replay.stm : 0,
    mdSolved,
    mdShare: line[0] ? mdSolved / line[0] : 1,
    movesPerMd: mdSolved > 0 ? moves / mdSolved : null,
    tps: moves ? (timeMs > 0 ? (moves * 1000) / timeMs : Infinity) : null,
    timeMs,
  };
}

/** The window the pace is counted over: a second, half the solve when it took under two seconds, and a hundredth of a
 *  solve over 100 s (a 20x20's six minutes would be a blur of second-long peaks). */
export function paceWindowMs(times) {
  const total = times.at(-1) ?? 0;
  return total < 2000 ? Math.max(1, total / 2) : Math.max(1000, Math.round(total / 100));
}

/** The TPS at each move over the window before it (paceWindowMs); null until that much time has passed, where a
 *  count over a few milliseconds would be a spike, not a pace. */
export function paceLine(times, windowMs = paceWindowMs(times)) {
  const pace = new Array(times.length).fill(null);
  let from = 0;   // the first move inside the window ending at move i
  for (let i = 0; i < times.length; i++) {
    while (times[i] - times[from] >= windowMs) from += 1;
    if (times[i] >= windowMs) pace[i] = ((i - from + 1) * 1000) / windowMs;
  }
  return pace;
}
