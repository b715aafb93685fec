// play/session-view.js -- the Session panel below the board: for one board (the game's, or one picked), the session's
// solves, its ao5, ao12 and mean (solve-session.js), "New session", a histogram of the session's times and the history
// of the board's personal bests (single and ao5) over all its solves, the graphs drawn by charts.js (uPlot, loaded
// when the panel is first opened) and the bests also listed as text.  It follows "stats-changed" (stats.js).
//
//   const element = sessionPanel(root, game, stats, settings);   // stats: a promise of the Stats

import { categoryLabel } from "./modes.js";
import { button, el, formatTime } from "../core/dom.js";
import { plural } from "../core/messages.js";
import { SESSION_START, bestHistory, countedTimes, inSession, sessionAverages, timeBins } from "./solve-session.js";
import { axis, chartColours, drawChart, withAlpha } from "./charts.js";
import { panel } from "./extra-panel.js";

const when = (date) => new Date(date).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const shapeLabel = categoryLabel;   // "4×4", or a solve type's "Marathon of 10, 4×4"

export function sessionPanel(root, game, stats, settings) {
  const shapeMenu = el("select", { "data-testid": "session-shape", "aria-label": "Board" });
  const summary = el("p", { class: "stats-count", "data-testid": "session-summary" });
  const restart = button("New session", "session-new", () => {
    settings.set(SESSION_START, new Date().toISOString());
    root.dispatchEvent(new CustomEvent("stats-changed"));   // the averages beside the timer start again too
  }, { title: "Start a new session: your ao5 and ao12 beside the timer count from here (nothing is deleted)" });
  const histogram = el("div", { class: "session-chart" });
  const history = el("div", { class: "session-chart" });
  const bests = el("ol", { class: "session-bests", "data-testid": "session-pb-list" });
  const charts = el("div", { class: "session-charts" },
    el("h3", { class: "replay-heading", text: "This session's times" }), histogram,
    el("h3", { class: "replay-heading", text: "Your personal bests on this board" }), history, bests);
  const details = panel(root, "session-panel", el("div", { class: "play-controls" },
    el("label", { class: "extra-field" }, "Board ", shapeMenu), restart), summary, charts,
    el("p", { class: "note", text: "A session: your solves since you last pressed New session (all of them before). ao5 and ao12: the latest five and twelve without the best and the worst; a DNF is the worst, and two make the average a DNF. The histogram counts the session's finished solves (a +2 with its two seconds); the bests are the board's over all your solves." }));
  let chosen = false, shown = 0;
  const drawn = [];

  async function show() {
    const ticket = ++shown;
    const s = await stats;
    const shapes = await s.shapes();
    const onScreen = game.session ? game.session.run?.category ?? `${game.session.n}x${game.session.height}` : null;
    const wanted = [chosen ? shapeMenu.value : onScreen, shapeMenu.value, shapes[0]].find((key) => shapes.includes(key));
    const records = wanted ? await s.records(wanted) : [];
    if (ticket !== shown) return;
    shapeMenu.replaceChildren(...shapes.map((key) => el("option", { value: key, text: shapeLabel(key) })));
    if (wanted) shapeMenu.value = wanted;
    const start = settings.get(SESSION_START, null);
    const session = inSession(records, start);
    const { ao5, ao12, mean } = sessionAverages(session);
    summary.textContent = !wanted ? "No solves yet: finish a dealt game without hints to start."
      : `${start ? `Since ${when(start)}` : "All your solves"}: ${plural(session.length, "solve")} on ${shapeLabel(wanted)} · ao5 ${formatTime(ao5)} · ao12 ${formatTime(ao12)} · mean ${formatTime(mean)}`;
    charts.hidden = !records.length;
    const pbs = bestHistory(records);
    bests.replaceChildren(...pbs.records.slice().reverse().map((r) => el("li", { "data-kind": r.kind },
      `${r.kind === "single" ? "Single" : "ao5"} ${formatTime(r.value)} · solve ${r.index + 1} · ${when(r.date)}`)));
    if (details.open && records.length) await draw(session, records, pbs);
  }

  async function draw(session, records, pbs) {
    drawn.splice(0).forEach((chart) => chart.destroy());
    const ticket = shown;
    const charted = await Promise.all([drawChart(histogram, histogramOf(session, histogram)), drawChart(history, historyOf(records, pbs, history))]);
    if (ticket !== shown) { charted.forEach((chart) => chart.destroy()); return; }
    drawn.push(...charted);
  }

  shapeMenu.addEventListener("change", () => { chosen = true; show(); });
  details.addEventListener("toggle", () => { if (details.open) show(); });
  root.addEventListener("stats-changed", show);
  settings.whenLoaded(show);
  return details;
}

/** The session's finished times in bins: one bar a bin (its count), x the bin's middle in seconds. */
function histogramOf(session, where) {
  const colours = chartColours(where);
  const times = countedTimes(session);
  const { edges, width, counts } = timeBins(times);
  const dnfs = times.length - times.filter(Number.isFinite).length;
  return {
    testid: "session-histogram",
    label: `Histogram of this session's ${plural(times.length - dnfs, "finished solve")} in ${plural(counts.length, "bin")} of ${formatTime(width)} s` + (dnfs ? `; ${plural(dnfs, "DNF")} not shown` : ""),
    points: counts.length,
    height: 180,
    options: (uPlot) => ({
      scales: { x: { time: false, range: (u, min, max) => [min - width / 2000, max + width / 2000] }, y: { range: (u, min, max) => [0, Math.max(1, max)] } },
      axes: [axis(colours, "Time (s)"), axis(colours, "Solves", { incrs: [1, 2, 5, 10, 20, 50, 100] })],
      series: [{ label: "From (s)", value: (u, v) => (v === null ? "–" : formatTime(v * 1000 - width / 2)) },
        { label: "Solves", value: (u, v) => (v === null ? "–" : String(v)), stroke: colours.accent, fill: withAlpha(colours.accent, 0.35), paths: uPlot.paths.bars({ size: [0.9, Infinity] }), points: { show: false } }],
      cursor: { drag: { x: false, y: false } },
    }),
    data: [edges.map((e) => (e + width / 2) / 1000), counts],
  };
}

/** The best single and ao5 after each solve of the board (x: the solve's number), as steps. */
function historyOf(records, pbs, where) {
  const colours = chartColours(where);
  const seconds = (values) => values.map((v) => (v === null ? null : v / 1000));
  const time = (u, v) => (v === null ? "–" : formatTime(v * 1000));
  return {
    testid: "session-pb-history",
    label: `Your best single and ao5 after each of your ${plural(records.length, "solve")} on this board: ${plural(pbs.records.filter((r) => r.kind === "single").length, "new best single")}`,
    points: records.length,
    height: 180,
    options: (uPlot) => ({
      scales: { x: { time: false } },
      axes: [axis(colours, "Solve"), axis(colours, "Best (s)")],
      series: [{ label: "Solve", value: (u, v) => (v === null ? "–" : String(v)) },
        { label: "Single", stroke: colours.accent, width: 2, value: time, paths: uPlot.paths.stepped({ align: 1 }) },
        { label: "ao5", stroke: colours.second, width: 2, value: time, paths: uPlot.paths.stepped({ align: 1 }) }],
      cursor: { drag: { x: false, y: false } },
    }),
    data: [records.map((_, i) => i + 1), seconds(pbs.single), seconds(pbs.ao5)],
  };
}
