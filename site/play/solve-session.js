// play/solve-session.js -- the player's session, as speedsolvers keep one: the solves of a board since "New session"
// was pressed (settings "sessionStart", an ISO date; every solve kept until it is first pressed), its current ao5 and
// ao12 (core/averages.js: the best and the worst dropped, a DNF the worst, two DNFs a DNF), the spread of its times
// for a histogram, and the history of the personal bests of a board (single and ao5) over all its solves.  No DOM:
// session-bar.js shows the averages beside the timer, session-view.js the panel.
//
//   const solves = inSession(await stats.records("4x4"), settings.get(SESSION_START, null));
//   sessionAverages(solves)    // {ao5, ao12, mean}: ms, Infinity for a DNF, null when too few
//   timeBins(times)            // {edges, counts} for a histogram
//   bestHistory(records)       // {single: [ms|null per solve], ao5: [...], records: [{index, date, kind, value}]}

import { countedValues, currentAverage, trimmedMean } from "../core/averages.js";

export const SESSION_START = "sessionStart";

/** The solves (oldest first) of the session that began at `start` (null: all of them). */
export function inSession(records, start) {
  if (!start) return records;
  const from = Date.parse(start);
  return records.filter((r) => Date.parse(r.date) >= from);
}

/** The counted times of solves (a +2's two seconds added, a DNF Infinity). */
export const countedTimes = (solves) => solves.map((s) => countedValues(s).time);

/** The current ao5 and ao12 of a session's solves, and the mean of its finished ones. */
export function sessionAverages(solves) {
  const times = countedTimes(solves);
  const finished = times.filter(Number.isFinite);
  return {
    ao5: currentAverage(times, 5),
    ao12: currentAverage(times, 12),
    mean: finished.length ? finished.reduce((sum, t) => sum + t, 0) / finished.length : null,
  };
}

/** A round width for about `target` bins over `span` ms: 1, 2 or 5 times a power of ten, at least 1 ms. */
function binWidth(span, target) {
  const rough = Math.max(1, span / target);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((w) => w >= rough);
}

/** Finished times (ms) in bins of a round width: {edges (each bin's lower edge, ms), width, counts}. */
export function timeBins(times, target = 12) {
  const finished = times.filter(Number.isFinite);
  if (!finished.length) return { edges: [], width: 0, counts: [] };
  const low = Math.min(...finished), high = Math.max(...finished);
  const width = binWidth(high - low, Math.min(target, Math.max(3, Math.ceil(Math.sqrt(finished.length)) + 2)));
  const first = Math.floor(low / width) * width;
  const count = Math.floor((high - first) / width) + 1;
  const counts = new Array(count).fill(0);
  for (const t of finished) counts[Math.floor((t - first) / width)] += 1;
  return { edges: counts.map((_, i) => first + i * width), width, counts };
}

/**
 * The personal bests of a board along its solves (oldest first): after each solve the best single and the best
 * ao5 so far (null until there is one), and each solve that set a new one ({index, date, kind, value}).
 */
export function bestHistory(records) {
  const times = countedTimes(records);
  const single = [], ao5 = [], improved = [];
  let bestSingle = null, bestAo5 = null;
  times.forEach((t, i) => {
    if (Number.isFinite(t) && (bestSingle === null || t < bestSingle)) {
      bestSingle = t;
      improved.push({ index: i, date: records[i].date, kind: "single", value: t });
    }
    const average = i >= 4 ? trimmedMean(times.slice(i - 4, i + 1)) : null;
    if (average !== null && Number.isFinite(average) && (bestAo5 === null || average < bestAo5)) {
      bestAo5 = average;
      improved.push({ index: i, date: records[i].date, kind: "ao5", value: average });
    }
    single.push(bestSingle);
    ao5.push(bestAo5);
  });
  return { single, ao5, records: improved };
}
