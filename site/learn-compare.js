// learn-compare.js -- the Learn view's comparisons: every classic search side by side on the puzzle on
// screen (breadth-first, greedy best-first, A* with each estimate, the seeds' tree A*, IDA* with its
// iterations charted, weighted A* with a weight slider, the goal test on removal or on generation), IDA*
// watched iteration by iteration, and every estimate measured on all 181,440 3x3 boards.  The numbers
// come from the worker (ops compare, solve_board, quality); this module draws them.

import { el, button } from "./dom.js";
import { progressText } from "./job.js";
import { svg } from "./learn-drawings.js";

const number = (k) => (k === null || k === undefined ? "—" : k.toLocaleString("en"));

/**
 * The comparison panel.  `ask(op, params, onProgress)` sends a request of the view (resolves to its
 * answer, or null when a newer request replaced it); `puzzleParams()` the puzzle on screen;
 * `onTrace(options)` steps through one row's search.
 */
export function comparisonPanel({ ask, puzzleParams, onTrace }) {
  const goalTest = el("input", { type: "checkbox", id: "compare-goal-test", "data-testid": "compare-goal-test" });
  const weight = el("input", { type: "range", id: "compare-weight", min: "1", max: "5", step: "0.5", value: "2",
    "data-testid": "compare-weight", "aria-describedby": "compare-weight-value" });
  const weightValue = el("output", { id: "compare-weight-value", text: "w = 2" });
  const results = el("div", { class: "compare-results", "aria-live": "polite" });
  const extras = el("div", { class: "explain-extras" });
  let searches = null;   // the last comparison's answer

  const panel = el("section", { class: "learn-compare", "aria-labelledby": "compare-heading" },
    el("h3", { id: "compare-heading", text: "Searches side by side" }),
    el("p", { class: "note", text: "The same puzzle with every classic search: how many nodes each expands and enqueues, the largest queue, "
      + "and whether its answer is the shortest. Each row opens its search in the step-through above." }),
    el("div", { class: "explain-settings" },
      el("label", { for: "compare-goal-test" }, goalTest, " Test for the goal when a node is generated"),
      el("label", { for: "compare-weight" }, "Weighted A*'s weight ", weight, " ", weightValue)),
    el("div", { class: "actions" },
      button("Compare the searches", "explain-compare", () => compare()),
      button("Watch IDA*", "explain-ida", watchIda),
      button("Estimates on every 3x3 board", "explain-quality", quality)),
    results, extras);

  goalTest.addEventListener("change", () => { if (searches) compare(); });
  weight.addEventListener("input", () => { weightValue.textContent = `w = ${weight.value}`; });
  weight.addEventListener("change", () => { if (searches) compare(["weighted"]); });

  async function compare(only = null) {
    const params = puzzleParams();
    if (!params) return;
    const working = el("p", { role: "status", text: "Comparing…" });
    if (only) results.append(working); else results.replaceChildren(working);
    const request = { ...params, weight: Number(weight.value), goal_test: goalTest.checked ? "generation" : "removal" };
    if (only) request.algorithms = only;
    const answer = await ask("compare", request, (progress) => { working.textContent = progressText(progress, "Comparing…"); });
    if (answer === null) return;
    working.remove();
    if (answer.type !== "comparison") { results.replaceChildren(el("p", { class: "error", text: answer.message })); return; }
    if (only && searches) {
      const kept = searches.rows.filter((row) => !only.includes(row.algorithm));
      searches = { ...searches, rows: [...kept, ...answer.rows] };
    } else {
      searches = answer;
    }
    results.replaceChildren(...drawComparison(searches, onTrace));
  }

  async function watchIda() {
    const params = puzzleParams();
    if (!params || !params.board) { extras.replaceChildren(el("p", { text: "IDA* is shown for boards." })); return; }
    const chart = el("div", { class: "explain-svg", "data-testid": "explain-ida-chart" });
    const note = el("p", { class: "note", "aria-live": "polite" });
    extras.replaceChildren(el("p", { text: "IDA*: each iteration searches every path up to a bound on moves + estimate, then raises it." }), chart, note);
    const draw = (iterations) => {
      chart.replaceChildren(iterationChart(iterations));
      note.textContent = iterations.map(([b, n]) => `bound ${b}: ${number(n)} nodes`).join("; ");
    };
    const answer = await ask("solve_board", { board: params.board, goal: params.goal, algorithm: "ida" },
      (p) => { if (p.iterations) draw(p.iterations); });
    if (answer === null) return;
    draw(everyIteration(answer.iterations, answer.status === "solved" ? answer.moves : null, answer.expanded));
    note.textContent += answer.status === "solved" ? ` Solved in ${answer.moves} moves.` : ` ${answer.message || answer.reason || ""}`;
  }

  async function quality() {
    const working = el("p", { role: "status", text: "Working through all 181,440 boards…" });
    extras.replaceChildren(working);
    const answer = await ask("quality", {}, (progress) => { working.textContent = progressText(progress, working.textContent); });
    if (answer === null) return;
    if (answer.type !== "quality") { extras.replaceChildren(el("p", { class: "error", text: answer.message })); return; }
    extras.replaceChildren(...qualityChart(answer));
  }

  return {
    panel,
    /** A new puzzle on screen: the old numbers go. */
    clear() { searches = null; results.replaceChildren(); extras.replaceChildren(); },
  };
}

function drawComparison(answer, onTrace) {
  const most = Math.max(...answer.rows.map((r) => r.expanded), 1);
  const optimalText = (row) => {
    if (row.moves === null) return row.finished ? "no answer" : `stopped at ${number(answer.cap)}`;
    if (row.optimal === null) return "unknown";
    return row.optimal ? "yes" : `no (shortest: ${answer.optimum})`;
  };
  const table = el("table", { "data-testid": "explain-comparison", class: "comparison" },
    el("caption", { text: answer.optimum === null ? "No shortest answer was proven." : `The shortest answer takes ${answer.optimum} moves (${answer.optimum_method}).` }),
    el("tr", {}, ...["search", "estimate", "moves", "shortest?", "expanded", "enqueued", "largest queue"].map((h) => el("th", { scope: "col", text: h })),
      el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "expanded, as a bar" })),
      el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "step by step" }))),
    ...answer.rows.map((row) => {
      const open = row.traceable
        ? button("Step through", `compare-trace-${row.algorithm}-${row.heuristic}`, () => onTrace(row.trace), { "aria-label": `Step through ${row.label} with ${row.heuristic}` })
        : el("span", { class: "note", text: row.trace ? "too many steps" : "" });
      return el("tr", { "data-algorithm": row.algorithm, "data-heuristic": row.heuristic },
        el("th", { scope: "row", text: row.label }), el("td", { text: row.algorithm === "bfs" ? "none" : row.heuristic }),
        el("td", { text: number(row.moves) }), el("td", { text: optimalText(row), class: row.optimal === false ? "is-worse" : "" }),
        el("td", { text: number(row.expanded) }), el("td", { text: number(row.enqueued) }), el("td", { text: number(row.max_frontier) }),
        el("td", {}, el("span", { class: "bar", style: `width:${Math.max(2, (140 * row.expanded) / most)}px`, "aria-hidden": "true" })),
        el("td", {}, open));
    }));
  const ida = answer.rows.find((row) => row.algorithm === "ida");
  const iterations = ida ? everyIteration(ida.iterations, ida.moves, ida.expanded) : [];
  return [el("div", { class: "table-scroll" }, table),
    el("p", { class: "note", "data-testid": "compare-goal-test-note", text: answer.goal_test_note }),
    ...(iterations.length ? [el("p", { text: "IDA*'s iterations (nodes expanded under each bound):" }),
      el("div", { class: "explain-svg", "data-testid": "compare-ida-chart" }, iterationChart(iterations))] : [])];
}

/** IDA*'s finished iterations ([bound, nodes]) and, when it found an answer of `moves`, the last one: the
 *  engine logs an iteration when it ends without the goal, so the one that found it gets the nodes left over. */
function everyIteration(logged, moves, expanded) {
  const finished = logged || [];
  if (moves === null || moves === undefined) return finished;
  return [...finished, [moves, expanded - finished.reduce((total, [, nodes]) => total + nodes, 0)]];
}

function iterationChart(iterations) {
  const most = Math.max(...iterations.map(([, n]) => n), 1);
  const picture = svg("svg", { width: Math.max(60, iterations.length * 36), height: 140, role: "img", "aria-label": "Nodes per IDA* iteration" });
  iterations.forEach(([bound, nodes], i) => {
    const h = Math.max(2, (100 * Math.log10(nodes + 1)) / Math.log10(most + 1));
    const bar = svg("rect", { x: i * 36 + 6, y: 110 - h, width: 26, height: h, class: "bar" });
    bar.append(svg("title", {}, `bound ${bound}: ${number(nodes)} nodes`));
    picture.append(bar, svg("text", { x: i * 36 + 19, y: 128, "text-anchor": "middle" }, String(bound)));
  });
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
