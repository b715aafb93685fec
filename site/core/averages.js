// core/averages.js -- the speedsolvers' numbers for a run of solves, kept as the Slidysim community keeps
// them: a solve's STM and MTM from its moves, its TPS, the best single and the averages ao5 ... ao100.
// Pure functions, no DOM and no storage (play/stats.js keeps the solves).
//
// The rules, as read in the community's own code (cited, not copied):
//  * STM counts every tile moved; MTM counts a run of moves in one direction once (several tiles slid in
//    one line are one move).  benwh1/slidy@e24c1e79 src/algorithm/metric.rs lines 21-29 (Stm: "U5" is 5,
//    Mtm: every move is 1) and src/algorithm/algorithm.rs line 126 (push_combine joins a move to the one
//    before it in the same direction); slidysim/slidysim.github.io@db85c889 modules/slidingPuzzle.js lines
//    38-43 (compressSolution writes a run of one letter as one token, "R3").
//  * TPS is STM per second: moves x 1000 / milliseconds (slidysim.github.io modules/replayGeneration.js
//    line 1485).
//  * aoN is a trimmed mean of N consecutive solves: exactly ONE best and ONE worst value are dropped,
//    whatever N (ao5 keeps 3 values, ao100 keeps 98; not a percentage), and the rest averaged.  Each
//    measure is trimmed on its own: the STM average drops the fewest and the most moves, which need not be
//    the solves the time average drops; the TPS average is the trimmed mean of the solves' own TPS, not
//    total moves over total time.  A window with a solve that has no value (Slidysim: a solve not
//    completed; here also an MTM unknown for solves kept before MTM was) has no average.  The best aoN is
//    the best over every window of N consecutive solves (lowest time, STM and MTM; highest TPS); the
//    current aoN is that of the last N.  dphdmn/slidysimSessionTracker@f8194745 main.py lines 1344-1420
//    (getBestAverageOf: a window's values sorted, [1:-1] kept, divided by amount - 2; windows with an
//    incomplete solve skipped; TPS best is highest).
//  * One rounding rule for every number shown (TPS, averages of time, STM, MTM and TPS): to the thousandth
//    (times to the millisecond), rounded half up, as Slidysim keeps a solve's TPS (an integer x1000,
//    rounded: its 4x4 world record, 26 moves in 909 ms, is 28.603 TPS, not 28.602; the 16x16 one 33.345).
//    test_stats_model.py holds it to the ten world records' own figures.  (slidysimSessionTracker's
//    formatStat truncates instead; Slidysim's own figures come first.)
//  * Penalties, as a speedsolving session has them (cstimer's and the WCA's, Slidysim's DNF): "+2" adds two seconds
//    to a solve's time (its TPS follows from that time); "dnf" (did not finish) makes the solve the worst of every
//    measure (time, STM and MTM Infinity, TPS -Infinity), so that an aoN drops one DNF as its worst and a window
//    with two is itself a DNF; a DNF is never a best single unless every solve is one.  Shown as "DNF".
//  * The lengths the community ranks: single, 5, 12, 25, 50, 100 (slidysim.github.io modules/dataFetching.js
//    line 537, "interestingAvgLens").

/** The averages kept, after the single. */
export const AVERAGE_LENGTHS = [5, 12, 25, 50, 100];

/** Each measure of a solve and which way is better. */
export const MEASURES = { time: "lower", stm: "lower", mtm: "lower", tps: "higher" };

/** The penalties a solve may carry, and the two seconds of a "+2". */
export const PENALTIES = ["+2", "dnf"];
export const PLUS_TWO_MS = 2000;

/** A measure's value for a DNF: the worst there is. */
export const dnfValue = (measure) => (MEASURES[measure] === "higher" ? -Infinity : Infinity);

/** Whether `value` of `measure` is a DNF's (the TPS of a solve in one move is Infinity, which is not). */
export const isDnf = (measure, value) => value === dnfValue(measure);

/** A solve's values as the statistics count them, its penalty applied: {time, stm, mtm, tps}. */
export function countedValues({ time, stm, mtm = null, penalty = null }) {
  if (penalty === "dnf") return Object.fromEntries(Object.keys(MEASURES).map((m) => [m, dnfValue(m)]));
  const counted = penalty === "+2" ? time + PLUS_TWO_MS : time;
  return { time: counted, stm, mtm, tps: tilesPerSecond(stm, counted) };
}

/** STM and MTM of a move string (one letter per tile moved, as the game plays them). */
export function moveCounts(moves) {
  let mtm = 0;
  for (let i = 0; i < moves.length; i++) if (moves[i] !== moves[i - 1]) mtm += 1;
  return { stm: moves.length, mtm };
}

/**
 * Tiles moved per second.  The clock starts at the first move, so a solve in one move takes 0 ms: its TPS is
 * Infinity, as Slidysim's replays write it ("Inf.", modules/replayGeneration.js line 1495).
 */
export function tilesPerSecond(stm, timeMs) {
  return timeMs > 0 ? (stm * 1000) / timeMs : Infinity;
}

/** The mean of `values` without one lowest and one highest; null when a value is missing or there are fewer than 3. */
export function trimmedMean(values) {
  if (values.length < 3 || values.some((v) => v === null || v === undefined)) return null;
  const kept = values.slice().sort((a, b) => a - b).slice(1, -1);
  return kept.reduce((sum, v) => sum + v, 0) / kept.length;
}

/** aoN of the last `count` values (in the order solved), or null. */
export function currentAverage(values, count) {
  return values.length < count ? null : trimmedMean(values.slice(-count));
}

/**
 * The best aoN over every `count` consecutive values, or null when no window has one.  One pass: each
 * window's sum, missing values, and lowest and highest (monotonic queues of indices), so that a thousand
 * solves cost a few thousand steps per average, not a sort per window.  DNFs (infinite values) stay out of the
 * sum and are counted: one is the window's dropped worst, two make its average a DNF (as trimmedMean).
 */
export function bestAverage(values, count, better = "lower") {
  if (count < 3) return null;
  const missing = (v) => v === null || v === undefined;
  const lows = [], highs = [];   // indices in the window, their values rising (lows) or falling (highs)
  let best = null, sum = 0, gaps = 0, dnfs = 0;
  values.forEach((v, i) => {
    if (missing(v)) gaps += 1;
    else {
      if (Number.isFinite(v)) sum += v; else dnfs += 1;
      while (lows.length && values[lows.at(-1)] >= v) lows.pop();
      while (highs.length && values[highs.at(-1)] <= v) highs.pop();
      lows.push(i); highs.push(i);
    }
    const gone = i - count;   // the value that just left the window
    if (gone >= 0) {
      const left = values[gone];
      if (missing(left)) gaps -= 1; else if (Number.isFinite(left)) sum -= left; else dnfs -= 1;
      if (lows[0] === gone) lows.shift();
      if (highs[0] === gone) highs.shift();
    }
    if (i < count - 1 || gaps) return;
    const finite = (x) => (Number.isFinite(x) ? x : 0);   // a DNF dropped as the worst was never in the sum
    const average = dnfs >= 2 ? values[better === "higher" ? lows[0] : highs[0]]
      : (sum - finite(values[lows[0]]) - finite(values[highs[0]])) / (count - 2);
    if (best === null || isBetter(average, best, better)) best = average;
  });
  return best;
}

/** The best single value, or null when there is none. */
export function bestSingle(values, better = "lower") {
  return values.reduce((best, v) => (v === null || v === undefined || (best !== null && !isBetter(v, best, better)) ? best : v), null);
}

/**
 * One measure's numbers over a run of values in the order solved:
 * {single: {best, current}, ao5: {best, current}, ..., ao100: {best, current}}, each null until known.
 */
export function measureSummary(values, better = "lower") {
  const last = values.length ? values.at(-1) ?? null : null;
  const summary = { single: { best: bestSingle(values, better), current: last } };
  for (const count of AVERAGE_LENGTHS) {
    summary[`ao${count}`] = { best: bestAverage(values, count, better), current: currentAverage(values, count) };
  }
  return summary;
}

/**
 * A count or a TPS as Slidysim writes it: whole (decimals 0), or to `decimals` rounded half up (the rule above);
 * "–" for none.
 */
export function formatStatNumber(value, decimals) {
  if (value === null || value === undefined) return "–";
  if (value === -Infinity) return "DNF";   // a TPS's DNF (dnfValue); a time's, STM's or MTM's: formatResult
  if (value === Infinity) return "∞";   // the TPS of a solve in one move: the clock starts at the first move
  if (decimals === 0) return String(value);
  const scale = 10 ** decimals;
  return (Math.round(value * scale + 1e-9) / scale).toFixed(decimals);
}

/** A measure's value as shown: a time to the ms (`formatTime`, passed in: it is the page's, core/dom.js), a count or
 *  a TPS by formatStatNumber (`decimals`), and "DNF" for a DNF's. */
export function formatResult(measure, value, decimals, formatTime) {
  if (isDnf(measure, value)) return "DNF";
  return measure === "time" ? formatTime(value) : formatStatNumber(value, decimals);
}

function isBetter(a, b, better) {
  return better === "higher" ? a > b : a < b;
}
