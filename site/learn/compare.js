// learn/compare.js -- the Learn view's comparisons: every classic search side by side on the puzzle on
// screen (breadth-first, greedy best-first, A* with each estimate, the seeds' tree A*, IDA* with its
// iterations charted, weighted A* with a weight slider, the goal test on removal or on generation), IDA*
// watched iteration by iteration, and every estimate measured on all 181,440 3x3 boards.  The numbers
// come from the worker (ops compare, solve_board, quality); this module draws them.

import { el, button } from "../core/dom.js";
import { progressText } from "../core/job.js";
import * as ops from "../core/ops.js";
import { svg } from "./drawings.js";
import { NO_PUZZLE, number, sentence } from "../core/messages.js";

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
/** What a control says when it has nothing to work on (role status: read out when it appears). */
const hint = (testid, text) => el("p", { class: "learn-hint", role: "status", "data-testid": testid, text });

/**
 * The comparison panel.  `ask(start, params, onProgress)` sends a request of the view (`start`: a function of
 * core/ops.js; resolves to its answer, or null when a newer request replaced it); `puzzleParams()` the puzzle on screen;
 * `onTrace(options)` steps through one row's search; `goalTest()` is the goal test chosen above ("removal" or
 * "generation": the table runs with it, as with the estimate chosen above); `idaEstimate(chosen)` resolves to the estimate the
 * engine's IDA* runs with when `chosen` is asked for (the engine says which: the comparison's IDA* row
 * names it, and the worker's info before any comparison), or rejects with the sentence that says why no
 * solver can start.
 */
export function comparisonPanel({ ask, puzzleParams, onTrace, goalTest, idaEstimate }) {
  const weight = el("input", { type: "range", id: "compare-weight", min: "1", max: "5", step: "0.5", value: "2",
    "data-testid": "compare-weight", "aria-describedby": "compare-weight-value" });
  const weightValue = el("output", { id: "compare-weight-value", class: "learn-weight-value", text: "w = 2" });
  const results = el("div", { class: "compare-results", "aria-live": "polite" });
  const extras = el("div", { class: "explain-extras" });
  let searches = null;   // the last comparison's answer
  let watching = null;   // the table's scroll hint follows the table's width
  // The board asked about is still the one on screen (the person may open another while the solver starts).
  const stillOn = (asked) => {
    const now = puzzleParams();
    return Boolean(now) && now.board === asked.board && now.goal === asked.goal;
  };

  const panel = el("section", { class: "learn-compare", "aria-labelledby": "compare-heading" },
    el("h3", { id: "compare-heading", text: "Searches side by side" }),
    el("p", { class: "note", text: "The same puzzle with every classic search: how many nodes each expands and enqueues, the largest queue, "
      + "and whether its answer is the shortest. Each row opens its search in the step-through above." }),
    el("div", { class: "explain-settings" },
      el("label", { for: "compare-weight", class: "learn-weight" }, "Weighted A*'s weight ", weight, weightValue)),
    el("div", { class: "actions" },
      button("Compare the searches", "explain-compare", () => compare()),
      button("Watch IDA*", "explain-ida", watchIda),
      button("Estimates on every 3x3 board", "explain-quality", quality)),
    results, extras);

  weight.addEventListener("input", () => { weightValue.textContent = `w = ${weight.value}`; });
  weight.addEventListener("change", () => { if (searches) compare(["weighted"]); });

  async function compare(only = null) {
    const params = puzzleParams();
    if (!params) { results.replaceChildren(hint("compare-hint", `${NO_PUZZLE}: the searches are compared on the puzzle on screen.`)); return; }
    const working = el("p", { role: "status", text: "Comparing…" });
    if (only) results.append(working); else results.replaceChildren(working);
    const request = { ...params, weight: Number(weight.value), goal_test: goalTest() };
    if (only) request.algorithms = only;
    const answer = await ask(ops.compare, request, (progress) => { working.textContent = progressText(progress, "Comparing…"); });
    working.remove();   // (a newer request of this panel took over when the answer is null: nothing to show)
    if (answer === null) return;
    if (answer.type !== "comparison") { results.replaceChildren(el("p", { class: "error", text: answer.message })); return; }
    if (only && searches) {
      const kept = searches.rows.filter((row) => !only.includes(row.algorithm));
      searches = { ...searches, rows: [...kept, ...answer.rows] };
    } else {
      searches = answer;
    }
    if (watching) watching.disconnect();
    const drawn = drawComparison(searches, onTrace);
    results.replaceChildren(...drawn.parts);
    watching = drawn.watch();
  }

  /** IDA* iteration by iteration, with the estimate the table's IDA* row ran with, or would (so the two agree). */
  async function watchIda() {
    const params = puzzleParams();
    if (!params) { extras.replaceChildren(hint("ida-hint", `${NO_PUZZLE}: IDA* is watched on the board on screen.`)); return; }
    if (!params.board) {
      extras.replaceChildren(hint("ida-hint", "Watch IDA* needs a board: a word ladder's searches are the ones \"Compare the searches\" lists."));
      return;
    }
    const row = searches && searches.rows.find((r) => r.algorithm === "ida");
    let estimate;
    try {
      estimate = row ? row.heuristic : await idaEstimate(params.heuristic);
    } catch (error) {   // no solver can start: say why, as a request would
      if (stillOn(params)) extras.replaceChildren(el("p", { class: "error", "data-testid": "explain-ida-note", text: sentence(error.message) }));
      return;
    }
    if (!stillOn(params)) return;   // another puzzle came on screen while the solver was starting
    const instead = params.heuristic && estimate !== params.heuristic
      ? ` (${params.heuristic} is not one of IDA*'s estimates here, so it uses ${estimate}, as the table does)` : "";
    const chart = el("div", { class: "explain-svg learn-chart", "data-testid": "explain-ida-chart" });
    const note = el("p", { class: "note", "aria-live": "polite", "data-testid": "explain-ida-note" });
    extras.replaceChildren(el("p", { "data-testid": "explain-ida-intro", text: `IDA* with the ${estimate} estimate${instead}: each iteration `
      + "searches every path whose moves + estimate stay within a bound, then raises the bound to the smallest sum that went past it." }),
    chart, note);
    const draw = (iterations) => {
      chart.replaceChildren(iterationChart(iterations));
      note.textContent = iterations.length ? sentence(iterations.map(([b, n]) => `bound ${b}: ${number(n)} nodes`).join("; ")) : "";
    };
    note.textContent = "Searching…";
    const answer = await ask(ops.solveBoard, { board: params.board, goal: params.goal, algorithm: "ida", heuristic: estimate },
      (p) => { if (p.iterations) draw(p.iterations); });
    if (answer === null) return;
    if (answer.type !== "result") { chart.remove(); note.textContent = sentence(answer.message || "IDA* could not be run."); return; }
    draw(everyIteration(answer.iterations, answer.status === "solved" ? answer.moves : null, answer.expanded));
    const outcome = answer.status === "solved" ? `Solved in ${answer.moves} moves.` : sentence(answer.message || answer.reason || "Stopped.");
    note.textContent = `${note.textContent} ${outcome}`.trim();
  }

  async function quality() {
    const working = el("p", { role: "status", text: "Working through all 181,440 boards…" });
    extras.replaceChildren(working);
    const answer = await ask(ops.quality, {}, (progress) => { working.textContent = progressText(progress, working.textContent); });
    if (answer === null) return;
    if (answer.type !== "quality") { extras.replaceChildren(el("p", { class: "error", text: answer.message })); return; }
    extras.replaceChildren(...qualityChart(answer));
  }

  return {
    panel,
    /** A new puzzle on screen: the old numbers go. */
    clear() { searches = null; if (watching) watching.disconnect(); results.replaceChildren(); extras.replaceChildren(); },
    /** The estimate or the goal test above changed: a comparison on screen is run again with it. */
    refresh() { if (searches) compare(); },
  };
}

/** The comparison: its caption and the queue it used above the table (they stay put while it scrolls
 *  sideways), the table in its scroll box with a hint when it is wider than the screen, the goal test's note
 *  and IDA*'s iterations.  Returns {parts, watch}: watch() keeps the hint in step with the box's width. */
function drawComparison(answer, onTrace) {
  const most = Math.max(...answer.rows.map((r) => r.expanded), 1);
  const optimalText = (row) => {
    if (row.moves === null) return row.finished ? "no answer" : `stopped at ${number(answer.cap)}`;
    if (row.optimal === null) return "unknown";
    return row.optimal ? "yes" : `no (shortest: ${answer.optimum})`;
  };
  const caption = el("p", { id: "compare-caption", class: "comparison-caption", "data-testid": "compare-caption",
    text: answer.optimum === null ? "No shortest answer was proven." : `The shortest answer takes ${answer.optimum} moves (${answer.optimum_method}).` });
  const queueNote = el("p", { id: "compare-queue-note", class: "note", "data-testid": "compare-queue-note", text: answer.queue_note || "" });
  const table = el("table", { "data-testid": "explain-comparison", class: "comparison", "aria-labelledby": "compare-caption",
    "aria-describedby": "compare-queue-note" },
    el("tr", {}, ...["search", "estimate", "moves", "shortest?", "expanded", "enqueued", "largest queue"].map((h) => el("th", { scope: "col", text: h })),
      el("th", { scope: "col", class: "bar-cell" }, el("span", { class: "visually-hidden", text: "expanded, as a bar" })),
      el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "step by step" }))),
    ...answer.rows.map((row) => {
      const open = row.traceable
        ? button("Step through", `compare-trace-${row.algorithm}-${row.heuristic}`, () => onTrace(row.trace), { "aria-label": `Step through ${row.label} with ${row.heuristic}` })
        : el("span", { class: "note", text: row.trace ? "too many steps" : "" });
      return el("tr", { "data-algorithm": row.algorithm, "data-heuristic": row.heuristic },
        el("th", { scope: "row", text: row.label }), el("td", { text: row.algorithm === "bfs" ? "none" : row.heuristic }),
        el("td", { text: number(row.moves) }), el("td", { text: optimalText(row), class: row.optimal === false ? "is-worse" : "" }),
        el("td", { text: number(row.expanded) }), el("td", { text: number(row.enqueued) }), el("td", { text: number(row.max_frontier) }),
        el("td", { class: "bar-cell" }, el("span", { class: "bar", style: `width:${Math.max(2, (140 * row.expanded) / most)}px`, "aria-hidden": "true" })),
        el("td", {}, open));
    }));
  const box = el("div", { class: "table-scroll", "data-testid": "compare-scroll", role: "region", "aria-labelledby": "compare-caption" }, table);
  box.tabIndex = 0;   // a box that scrolls can be scrolled from the keyboard
  const scrollHint = el("p", { class: "note scroll-hint", "data-testid": "compare-scroll-hint", hidden: true,
    text: "The table is wider than the screen: scroll it sideways for every column →" });
  const ida = answer.rows.find((row) => row.algorithm === "ida");
  const iterations = ida ? everyIteration(ida.iterations, ida.moves, ida.expanded) : [];
  const parts = [caption, queueNote, scrollHint, box,
    el("p", { class: "note", "data-testid": "compare-goal-test-note", text: answer.goal_test_note }),
    ...(iterations.length ? [el("p", { text: `IDA*'s iterations with ${ida.heuristic} (nodes expanded under each bound):` }),
      el("div", { class: "explain-svg learn-chart", "data-testid": "compare-ida-chart" }, iterationChart(iterations))] : [])];
  const watch = () => {
    const update = () => {
      const wider = box.scrollWidth > box.clientWidth + 1;
      scrollHint.hidden = !wider;
      box.classList.toggle("is-wider", wider);
    };
    const observer = new ResizeObserver(update);
    observer.observe(box);
    update();
    return observer;
  };
  return { parts, watch };
}

/** IDA*'s finished iterations ([bound, nodes]) and, when it found an answer of `moves`, the last one: the
 *  engine logs an iteration when it ends without the goal, so the one that found it gets the nodes left over. */
function everyIteration(logged, moves, expanded) {
  const finished = logged || [];
  if (moves === null || moves === undefined) return finished;
  return [...finished, [moves, expanded - finished.reduce((total, [, nodes]) => total + nodes, 0)]];
}

/** Round numbers from 0 up to `most` for the chart's scale (about four of them: 0, 20, 40, 60 for 77). */
function ticks(most) {
  const rough = most / 4;
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough);
  return Array.from({ length: Math.floor(most / step) + 1 }, (_, k) => k * step);
}

/** IDA*'s iterations as a bar chart: one bar per bound, from a common baseline, its height proportional to
 *  the nodes it expanded (labelled above it), a scale of round numbers at the left, the bounds below. */
function iterationChart(iterations) {
  const most = Math.max(...iterations.map(([, n]) => n), 1);
  const left = 52; const top = 34; const plot = 120; const slot = 42; const barWidth = 28;
  const width = Math.max(210, left + iterations.length * slot + 12);
  const base = top + plot;
  const picture = svg("svg", { width, height: base + 42, class: "iteration-chart", role: "img",
    "aria-label": `Nodes expanded per IDA* iteration: ${iterations.map(([b, n]) => `bound ${b}, ${number(n)} nodes`).join("; ")}` });
  picture.append(svg("text", { x: 4, y: 14, class: "chart-title" }, "nodes expanded"));
  for (const tick of ticks(most)) {
    const y = base - (plot * tick) / most;
    picture.append(svg("line", { x1: left, x2: width - 6, y1: y, y2: y, class: tick ? "chart-grid" : "chart-axis" }),
      svg("text", { x: left - 6, y: y + 4, "text-anchor": "end", class: "chart-tick" }, compact.format(tick)));
  }
  picture.append(svg("line", { x1: left, x2: left, y1: top - 8, y2: base, class: "chart-axis" }));
  iterations.forEach(([bound, nodes], i) => {
    const x = left + i * slot + (slot - barWidth) / 2;
    const h = nodes > 0 ? Math.max(1, (plot * nodes) / most) : 0;
    const bar = svg("rect", { x, y: base - h, width: barWidth, height: h, class: "chart-bar", "data-bound": bound, "data-nodes": nodes });
    bar.append(svg("title", {}, `bound ${bound}: ${number(nodes)} nodes`));
    picture.append(bar,
      svg("text", { x: x + barWidth / 2, y: base - h - 4, "text-anchor": "middle", class: "chart-value" }, compact.format(nodes)),
      svg("text", { x: x + barWidth / 2, y: base + 15, "text-anchor": "middle", class: "chart-bound" }, String(bound)));
  });
  picture.append(svg("text", { x: 8, y: base + 34, class: "chart-title" }, "bound on moves + estimate →"));
  return picture;
}

function qualityChart(answer) {
  const names = Object.keys(answer.average);
  const scale = 8;
  const picture = svg("svg", { width: 31 * scale + 60, height: 31 * scale + 40, role: "img", "data-testid": "explain-quality-chart",
    "aria-label": "Mean estimate against the exact distance, 3x3" });
  picture.append(svg("line", { x1: 30, y1: 31 * scale + 10, x2: 30 + 31 * scale, y2: 10, class: "diagonal" }));
  names.forEach((name, k) => {
    const line = svg("polyline", { points: answer.average[name].map((h, d) => `${30 + d * scale},${31 * scale + 10 - h * scale}`).join(" "),
      class: `series series-${k}` });
    line.append(svg("title", {}, name));
    picture.append(line);
  });
  const legend = el("ul", { class: "legend" }, ...names.map((name, k) => el("li", { class: `series-${k}`, text: name })));
  const table = el("details", {}, el("summary", { text: "The numbers" }), el("table", {},
    el("tr", {}, el("th", { text: "exact" }), el("th", { text: "boards" }), ...names.map((n) => el("th", { text: n }))),
    ...answer.exact.map((count, d) => el("tr", {}, el("td", { text: String(d) }), el("td", { text: String(count) }),
      ...names.map((n) => el("td", { text: String(answer.average[n][d]) }))))));
  return [el("p", { text: "Each line: the mean estimate of the boards at each exact distance; the diagonal is perfect." }), picture, legend, table];
}
