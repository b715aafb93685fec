// play/mode-record.js -- a finished run of a solve type (mode-run.js) kept: one replay record holding every board,
// each timed from its own start (replay-store.js), and one solve in the statistics of its category, its time the
// run's, its STM and MTM the sum of its boards' (stats-record.js).  A run the solver helped with is kept as a replay,
// marked, and left out of the statistics.  A run that ended unsolved (a blind DNF) is one solve of its category
// marked DNF (core/averages.js: the worst in its averages), with no replay.  What could not be kept is said in a
// sentence.
//
//   const problem = await recordRun(run, lastSession);   // null when all was kept
//   const problem = await recordDnf(run, lastSession);

import { Replay, ReplayError } from "../core/replay.js";
import { moveCounts } from "../core/averages.js";
import { keptOnlyHere, newReplayId } from "./replay-store.js";
import { playerData } from "./player-data.js";

/** Each board of the run as a Replay, its move times and time counted from the moment it was dealt. */
function boardReplays(run) {
  return run.played.map(({ session, from }) => new Replay({ width: session.n, height: session.height, scramble: session.start,
    moves: session.past.join(""), times: session.moveTimesMs()?.map((t) => t - from) ?? null, timeMs: session.elapsedMs() - from }));
}

export async function recordRun(run, last) {
  let boards;
  try {
    boards = boardReplays(run);
  } catch (error) {
    if (error instanceof ReplayError) return null;   // not a solve a replay can hold (a goal of its own): nothing to keep
    throw error;
  }
  const time = last.elapsedMs(), helped = run.helped;
  const { replays, stats } = await playerData();
  const id = newReplayId(boards[0]);
  const kept = await replays.add(boards[0], id, { helped, run: { type: run.statsType, timeMs: time, boards } });
  if (helped) return kept.kept ? null : kept.problem;
  const counts = run.played.map(({ session }) => moveCounts(session.past.join("")));
  const sum = (key) => counts.reduce((total, c) => total + c[key], 0);
  const problem = await recordSolve(stats, run, { time, stm: sum("stm"), mtm: sum("mtm"), replay: id });
  return kept.kept ? problem : kept.problem;
}

/** A run that ended unsolved (a blind solve's wrong "Done"): its solve kept as a DNF of its category, no replay. */
export async function recordDnf(run, last) {
  if (run.helped) return null;
  const { stats } = await playerData();
  return recordSolve(stats, run, { time: last.elapsedMs(), ...moveCounts(last.past.join("")), penalty: "dnf" });
}

/** The run's one solve in the statistics of its category (its first board's shape, its type); null when kept. */
async function recordSolve(stats, run, fields) {
  const [w, h] = run.boards[0];
  const solve = await stats.record(`${w}x${h}`, { ...fields, type: run.statsType });
  return solve && !solve.kept ? keptOnlyHere(solve.problem) : null;
}
