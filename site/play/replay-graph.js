// play/replay-graph.js -- beside the replay player: its graph (the pace in TPS over the last second at each move -- a
// longer window on a solve of minutes: core/replay-progress.js paceWindowMs --, and
// the Manhattan distance left, against the time; charts.js, uPlot loaded at the first replay shown) and Slidysim's
// table of how far the solve has come: Moves, MD, Moves/MD, TPS and Time, for the whole solve and so far (the
// player's position).  Numbers as core/replay-progress.js counts them, written by the page's one rounding rule.
//
//   const graph = replayGraph({ seek });   // graph.element; seek(moves): a click on the graph goes to that move
//   graph.show(replay, times);              // times: ms of each move (the player's, evened out when untimed)
//   graph.position(moves);                  // the player is after `moves` moves

import { el, formatTime } from "../core/dom.js";
import { formatStatNumber } from "../core/averages.js";
import { distanceLine, paceLine, paceWindowMs, progressAt } from "../core/replay-progress.js";
import { axis, chartColours, drawChart, withAlpha } from "./charts.js";

const ROWS = [["moves", "Moves"], ["md", "MD"], ["mmd", "Moves/MD"], ["tps", "TPS"], ["time", "Time"]];
const percent = (share) => `${(Math.round(share * 1000 + 1e-9) / 10).toFixed(1)}%`;

/** A row's text for a part of the solve ({moves, mdSolved, ...} of progressAt). */
function cells(p, whole) {
  return {
    moves: whole ? String(p.moves) : `${p.moves} (${percent(p.movesShare)})`,
    md: whole ? String(p.mdSolved) : `${p.mdSolved} (${percent(p.mdShare)})`,
    mmd: p.movesPerMd === null ? "–" : formatStatNumber(p.movesPerMd, 3),
    tps: p.tps === null ? "–" : formatStatNumber(p.tps, 3),
    time: formatTime(p.timeMs),
  };
}

export function replayGraph({ seek }) {
  const host = el("div", { class: "replay-graph-host" });
  const body = el("tbody");
  const table = el("table", { class: "stats replay-progress", "data-testid": "replay-progress" },
    el("caption", { class: "visually-hidden", text: "How far the solve has come, as Slidysim shows it" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "Measure" })),
      el("th", { scope: "col", text: "Whole solve" }), el("th", { scope: "col", text: "So far" }))),
    body);
  const note = el("p", { class: "note", text: "The line: tiles per second over the last second (over a hundredth of the solve past 100 s). The shaded area: the Manhattan distance (MD) still to solve. Moves/MD: moves per unit of distance solved (1.000 would be no move wasted on the way). Pick a point of the graph to go to that move." });
  const element = el("figure", { class: "replay-graph", hidden: true }, host, table, note);
  let replay = null, line = null, times = null, chart = null, drawing = 0, at = 0;

  const rows = new Map(ROWS.map(([key, title]) => {
    const whole = el("td", { "data-part": "whole" }), now = el("td", { "data-part": "now" });
    return [key, { row: el("tr", { "data-measure": key }, el("th", { scope: "row", text: title }), whole, now), whole, now }];
  }));
  body.replaceChildren(...[...rows.values()].map(({ row }) => row));

  async function show(next, moveTimes) {
    replay = next;
    times = moveTimes;
    line = distanceLine(replay);
    element.hidden = false;
    const whole = cells(progressAt(replay, line, times, replay.stm), true);
    for (const [key, { whole: cell }] of rows) cell.textContent = whole[key];
    position(0);
    const ticket = ++drawing;
    chart?.destroy();
    chart = null;
    const drawn = await drawChart(host, graphOf(replay, line, times, host));
    if (ticket !== drawing) { drawn.destroy(); return; }
    chart = drawn;
    drawn.over.addEventListener("click", () => {
      const index = drawn.cursor.idx;
      if (index !== null && index !== undefined) seek(index + 1);
    });
    mark();
  }

  function position(moves) {
    at = moves;
    if (!replay) return;
    const now = cells(progressAt(replay, line, times, moves), false);
    for (const [key, { now: cell }] of rows) cell.textContent = now[key];
    mark();
  }

  /** The player's position as the graph's marker (a redraw of the marker's layer only when it moved). */
  let marked = -1;
  function mark() {
    if (!chart || marked === at) return;
    marked = at;
    chart.redraw(false, false);
  }

  /** The graph's options and data: x the seconds, the pace and the MD left; a marker at the player's move. */
  function graphOf(replay, line, times, where) {
    const colours = chartColours(where);
    const seconds = times.map((t) => t / 1000);
    const span = paceWindowMs(times) / 1000;
    const paceLabel = `TPS (${span >= 1 ? `${Math.round(span * 10) / 10} s` : `${Math.round(span * 1000)} ms`})`;
    const markAt = (u) => {
      if (!at) return;
      const x = Math.round(u.valToPos(seconds[at - 1], "x", true));
      const { ctx } = u;
      ctx.save();
      ctx.strokeStyle = colours.fg;
      ctx.lineWidth = Math.max(1, devicePixelRatio);
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
      ctx.restore();
    };
    return {
      testid: "replay-graph",
      label: `Graph of the ${replay.width}x${replay.height} replay: tiles per second and the distance left at each of its ${replay.stm} moves`,
      points: replay.stm,
      options: {
        scales: { x: { time: false }, md: { range: (u, min, max) => [0, Math.max(1, max)] } },
        axes: [axis(colours, "Time (s)"), axis(colours, "TPS"), axis(colours, "MD left", { side: 1, scale: "md", grid: { show: false } })],
        series: [
          { label: "Time (s)", value: (u, v) => (v === null ? "–" : v.toFixed(3)) },
          { label: paceLabel, stroke: colours.accent, width: 1.5, value: (u, v) => (v === null ? "–" : formatStatNumber(v, 3)), spanGaps: true },
          { label: "MD left", scale: "md", stroke: colours.second, fill: withAlpha(colours.second, 0.18), width: 1, value: (u, v) => (v === null ? "–" : String(v)) },
        ],
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        hooks: { draw: [markAt] },
      },
      data: [seconds, paceLine(times), Array.from(line.subarray(1))],
    };
  }

  return { element, show, position };
}
