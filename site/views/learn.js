// views/learn.js -- the Learn view: A* step by step as the Princeton checklist draws it (the game tree and
// the priority queue after every step), the heuristics compared, IDA*'s iterations, and how good each
// estimate is on the 8-puzzle.  All data comes from the worker, as jobs of the owner "learn" (explain,
// compare, quality, solve_board's `iterations`); this module only draws it.
//
// Opened by the link #explain=<a board= or words= link>, e.g. #explain=board=3:0,1,3,4,2,5,7,8,6, or by
// the Solve view's "Step through the search" button.  Keys inside the view: ←/→ step, Home/End, Space plays.

import { FragmentError, parseExplain } from "../links.js";
import { Job, progressText } from "../job.js";

const SVG = "http://www.w3.org/2000/svg";
const MAX_DRAWN = 400;  // game-tree nodes drawn at most; the nested list always has them all

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

const rowsText = (tiles, n) => Array.from({ length: n }, (_, r) => tiles.slice(r * n, r * n + n).join(" ")).join("\n");

export function mount(view, { solver }) {
  const section = view.querySelector("#explain");
  const body = view.querySelector("[data-learn-body]");
  const empty = view.querySelector("[data-learn-empty]");
  let puzzle = null;
  let job = null;   // the view's request on screen (a newer one replaces it: one owner, "learn")
  let trace = null;
  let step = 0;
  let timer = null;

  const heuristic = el("select", { id: "explain-heuristic", "data-testid": "explain-heuristic" },
    ...["manhattan", "hamming", "linear-conflict", "walking-distance", "pdb"].map((h) => el("option", { value: h, text: h })));
  const algorithm = el("select", { id: "explain-algorithm", "data-testid": "explain-algorithm" },
    el("option", { value: "astar", text: "A* (skips states already reached as cheaply)" }),
    el("option", { value: "astar-tree", text: "the seeds' A* (skips only the grandparent)" }));
  const queue = el("select", { id: "explain-queue", "data-testid": "explain-queue" },
    el("option", { value: "textbook", text: "textbook: algs4's MinPQ (priorities only)" }),
    el("option", { value: "tiebreak", text: "the solver's queue (ties to the node nearer the goal)" }));
  const button = (text, testid, onClick) => {
    const b = el("button", { type: "button", "data-testid": testid, text });
    b.addEventListener("click", onClick);
    return b;
  };
  const speed = el("input", { type: "range", min: "1", max: "10", value: "4", "aria-label": "Speed", "data-testid": "explain-speed" });
  // (No "Play" in these names: the solution player's buttons are found by name, and names match by substring.)
  const playButton = button("Run steps", "explain-play", () => (timer ? pause() : play()));
  const status = el("p", { class: "explain-status", role: "status", "aria-live": "polite", "data-testid": "explain-status" });
  const message = el("p", { class: "error", "data-testid": "explain-error" });
  const queueRow = el("ol", { class: "heap-array", "data-testid": "explain-queue-array", "aria-label": "The queue as an array, from position 1" });
  const heapTree = el("div", { class: "explain-svg", "data-testid": "explain-heap-tree" });
  const gameTree = el("div", { class: "explain-svg explain-tree", "data-testid": "explain-game-tree", tabindex: "0", role: "region", "aria-label": "The game tree (scroll to pan)" });
  const treeList = el("details", {}, el("summary", { text: "The game tree as a list" }));
  const details = el("div", { class: "explain-node", "data-testid": "explain-node", "aria-live": "polite" });
  const extras = el("div", { class: "explain-extras" });
  body.replaceChildren(
    el("div", { class: "explain-settings" },
      el("label", {}, "Estimate ", heuristic), el("label", {}, "Search ", algorithm), el("label", {}, "Queue ", queue)),
    el("div", { class: "actions", role: "group", "aria-label": "Steps" },
      button("First step", "explain-first", () => show(0)), button("Previous step", "explain-back", () => show(step - 1)), playButton,
      button("Next step", "explain-forward", () => show(step + 1)), button("Last step", "explain-last", () => show(trace.steps.length - 1)),
      el("label", {}, "Speed ", speed)),
    message, status,
    el("h3", { text: "Priority queue" }), queueRow, heapTree,
    el("h3", { text: "Game tree" }), gameTree, details, treeList,
    el("h3", { text: "Compare" }),
    el("div", { class: "actions" }, button("Compare the estimates", "explain-compare", compare),
      button("Watch IDA*", "explain-ida", watchIda), button("Estimates on every 3x3 board", "explain-quality", quality)),
    extras);
  for (const select of [heuristic, algorithm, queue]) select.addEventListener("change", () => load(puzzle));
  section.addEventListener("keydown", (event) => {
    if (!trace || ["SELECT", "INPUT"].includes(event.target.tagName)) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: trace.steps.length - 1 };
    if (event.key in moves) { show(moves[event.key]); event.preventDefault(); }
    else if (event.key === " " && event.target.tagName !== "BUTTON") { (timer ? pause : play)(); event.preventDefault(); }
  });

  function play() {
    if (!trace) return;
    playButton.textContent = "Stop steps";
    timer = setInterval(() => (step + 1 < trace.steps.length ? show(step + 1) : pause()), 1100 - 100 * Number(speed.value));
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    playButton.textContent = "Run steps";
  }

  /** A request of this view as a job; a newer one replaces the older (the owner "learn"). */
  function ask(op, params, onProgress = null) {
    job = new Job(solver, op, params, { owner: "learn" });
    const mine = job;
    if (onProgress) mine.addEventListener("progress", () => { if (job === mine) onProgress(mine.progress); });
    return mine.answer.then((answer) => (job === mine ? answer : null));
  }

  const boardParams = () => ({ board: rowsText(puzzle.tiles, puzzle.n), goal: puzzle.goal ? rowsText(puzzle.goal, puzzle.n) : "" });

  async function load(next) {
    pause();
    puzzle = next;
    trace = null;
    empty.hidden = true;
    for (const key of ["step", "recordMs", "renderMs"]) delete section.dataset[key];
    message.textContent = "";
    status.textContent = "Recording the search…";
    extras.replaceChildren();
    const params = puzzle.kind === "words"
      ? { start: puzzle.start, goal: puzzle.goal, dictionary: puzzle.dictionary }
      : { ...boardParams(), heuristic: heuristic.value };
    const began = performance.now();
    const answer = await ask("explain", { ...params, algorithm: algorithm.value, queue: queue.value },
      (progress) => { status.textContent = progressText(progress, "Recording the search…"); });
    if (answer === null) return;   // a newer request replaced this one
    section.dataset.recordMs = String(Math.round(performance.now() - began));
    if (answer.type !== "explanation") {
      status.textContent = "";
      message.textContent = answer.message || "The search could not be explained.";
      return;
    }
    trace = answer;
    const drawn = performance.now();
    show(trace.steps.length > 1 ? 1 : 0);
    section.dataset.renderMs = String(Math.round(performance.now() - drawn));
  }

  // -- one step ------------------------------------------------------------------------------------------
  function show(index) {
    if (!trace) return;
    step = Math.max(0, Math.min(trace.steps.length - 1, index));
    const current = trace.steps[step];
    section.dataset.step = String(step);
    const node = (id) => trace.nodes[id];
    const said = current.removed
      ? `Step ${step} of ${trace.steps.length - 1}: removed ${current.removed} (${describe(node(current.removed))})`
      : `Step 0 of ${trace.steps.length - 1}: the start ${trace.steps[0].inserted[0]} is inserted`;
    const inserted = current.removed && current.inserted.length ? `; inserted ${current.inserted.join(", ")}` : "";
    const skipped = current.skipped.length ? `; not enqueued: ${current.skipped.join(", ")}` : "";
    const goal = current.removed && trace.path.at(-1) === current.removed ? `. ${current.removed} is the goal: ${trace.path.join(" → ")}` : "";
    status.textContent = `${said}${inserted}${skipped}${goal}.`;
    drawQueue(current);
    drawGameTree(current);
    showNode(current.removed || trace.steps[0].inserted[0]);
  }

  const describe = (n) => `moves ${n.moves} + estimate ${n.estimate} = priority ${n.priority}`;

  function stateText(n) {
    if (n.word !== undefined) return n.word;
    const size = Math.round(Math.sqrt(n.tiles.length));
    return rowsText(n.tiles, size);
  }

  function showNode(id) {
    const n = trace.nodes[id];
    if (!n) return;
    details.replaceChildren(el("strong", { text: `${id}` }), el("pre", { text: stateText(n) }),
      el("span", { text: `${describe(n)}; parent ${n.parent || "none"}${n.enqueued ? "" : `; not enqueued: ${n.why}`}` }));
  }

  function drawQueue(current) {
    const fresh = new Set(current.inserted);
    queueRow.replaceChildren(...current.queue.map((id, i) => el("li", {
      class: fresh.has(id) ? "is-new" : "", "data-position": String(i + 1), "data-id": id,
      title: `${id}: ${describe(trace.nodes[id])}`, text: id,
    })));
    const spacing = 44;
    const depth = Math.floor(Math.log2(Math.max(1, current.queue.length))) + 1;
    const width = Math.max(1, 2 ** (depth - 1)) * spacing;
    const picture = svg("svg", { width, height: depth * 48 + 8, role: "img", "aria-label": "The queue as a binary tree" });
    const place = (k) => {
      const level = Math.floor(Math.log2(k));
      const slot = k - 2 ** level;
      return [((slot + 0.5) * width) / 2 ** level, level * 48 + 22];
    };
    for (let k = 2; k <= current.queue.length; k++) {  // edges first, so the circles cover their ends
      const [x, y] = place(k);
      const [px, py] = place(Math.floor(k / 2));
      picture.append(svg("line", { x1: px, y1: py, x2: x, y2: y, class: "edge" }));
    }
    current.queue.forEach((id, i) => {
      const [x, y] = place(i + 1);
      picture.append(svg("circle", { cx: x, cy: y, r: 15, class: fresh.has(id) ? "is-new" : "" }),
        svg("text", { x, y: y + 5, "text-anchor": "middle" }, id));
    });
    heapTree.replaceChildren(picture);
  }

  // The nodes made by the end of this step, laid out by depth; the removed node and new children marked.
  function drawGameTree(current) {
    const made = new Set();
    for (const s of trace.steps.slice(0, step + 1)) for (const id of [...s.inserted, ...s.skipped]) made.add(id);
    const children = new Map();
    const ids = Object.keys(trace.nodes).filter((id) => made.has(id));
    for (const id of ids) {
      const parent = trace.nodes[id].parent;
      if (parent) children.set(parent, [...(children.get(parent) || []), id]);
    }
    const root = trace.steps[0].inserted[0];
    const positions = new Map();
    let leaves = 0;
    const layout = (id, depth) => {
      if (positions.size >= MAX_DRAWN) return;
      const kids = children.get(id) || [];
      kids.forEach((kid) => layout(kid, depth + 1));
      const xs = kids.filter((k) => positions.has(k)).map((k) => positions.get(k)[0]);
      positions.set(id, [xs.length ? (Math.min(...xs) + Math.max(...xs)) / 2 : leaves++ * 40 + 24, depth * 56 + 24]);
    };
    layout(root, 0);
    const width = Math.max(...[...positions.values()].map(([x]) => x)) + 30;
    const height = Math.max(...[...positions.values()].map(([, y]) => y)) + 30;
    const picture = svg("svg", { width, height, role: "img", "aria-label": `Game tree: ${positions.size} nodes` });
    const fresh = new Set([...current.inserted, ...current.skipped]);
    for (const [id, [x, y]] of positions) {
      const parent = trace.nodes[id].parent;
      if (parent && positions.has(parent)) {
        const [px, py] = positions.get(parent);
        picture.append(svg("line", { x1: px, y1: py, x2: x, y2: y, class: "edge" }));
      }
    }
    for (const [id, [x, y]] of positions) {
      const n = trace.nodes[id];
      const classes = [n.enqueued ? "" : "is-skipped", id === current.removed ? "is-removed" : "", fresh.has(id) ? "is-new" : "",
        trace.path.includes(id) && step === trace.steps.length - 1 ? "is-path" : ""].filter(Boolean).join(" ");
      const group = svg("g", { class: `tree-node ${classes}`, tabindex: "0", "data-id": id });
      group.append(svg("title", {}, `${id}: ${describe(n)}`), svg("circle", { cx: x, cy: y, r: 16 }),
        svg("text", { x, y: y + 5, "text-anchor": "middle" }, id));
      group.addEventListener("mouseenter", () => showNode(id));
      group.addEventListener("focus", () => showNode(id));
      picture.append(group);
    }
    gameTree.replaceChildren(picture);
    const list = (id) => el("li", {}, `${id}: ${describe(trace.nodes[id])}${trace.nodes[id].enqueued ? "" : " (not enqueued)"}`,
      ...(children.get(id) ? [el("ul", {}, ...children.get(id).map(list))] : []));
    treeList.replaceChildren(el("summary", { text: "The game tree as a list" }), el("ul", {}, list(root)));
  }

  // -- comparisons ---------------------------------------------------------------------------------------
  async function compare() {
    if (!puzzle || puzzle.kind !== "board") { extras.replaceChildren(el("p", { text: "The comparison is for boards." })); return; }
    const working = el("p", { role: "status", text: "Comparing…" });
    extras.replaceChildren(working);
    const answer = await ask("compare", boardParams(), (progress) => { working.textContent = progressText(progress, "Comparing…"); });
    if (answer === null) return;
    if (answer.type !== "comparison") { extras.replaceChildren(el("p", { class: "error", text: answer.message })); return; }
    const most = Math.max(...answer.rows.map((r) => r.expanded), 1);
    const table = el("table", { "data-testid": "explain-comparison" },
      el("tr", {}, ...["estimate", "search", "moves", "expanded", "enqueued", "largest queue", ""].map((h) => el("th", { text: h }))),
      ...answer.rows.map((r) => el("tr", {},
        el("td", { text: r.heuristic }), el("td", { text: r.algorithm }), el("td", { text: r.finished ? String(r.moves) : "—" }),
        el("td", { text: r.expanded.toLocaleString("en") }), el("td", { text: r.enqueued.toLocaleString("en") }),
        el("td", { text: r.max_frontier.toLocaleString("en") }),
        el("td", {}, el("span", { class: "bar", style: `width:${Math.max(2, (160 * r.expanded) / most)}px`, "aria-hidden": "true" })))));
    extras.replaceChildren(table, el("p", { class: "note", text: "Bars: nodes expanded. The last row is the seeds' A* without duplicate pruning." }));
  }

  async function watchIda() {
    if (!puzzle || puzzle.kind !== "board") return;
    const chart = el("div", { class: "explain-svg", "data-testid": "explain-ida-chart" });
    const note = el("p", { class: "note", "aria-live": "polite" });
    extras.replaceChildren(el("p", { text: "IDA*: each iteration searches every path up to a bound on moves + estimate, then raises it." }), chart, note);
    const draw = (iterations) => {
      const most = Math.max(...iterations.map(([, n]) => n), 1);
      const picture = svg("svg", { width: Math.max(60, iterations.length * 36), height: 140, role: "img", "aria-label": "Nodes per IDA* iteration" });
      iterations.forEach(([bound, nodes], i) => {
        const h = Math.max(2, (100 * Math.log10(nodes + 1)) / Math.log10(most + 1));
        picture.append(svg("rect", { x: i * 36 + 6, y: 110 - h, width: 26, height: h, class: "bar" }, null),
          svg("text", { x: i * 36 + 19, y: 128, "text-anchor": "middle" }, String(bound)));
        picture.lastChild.previousSibling.append(svg("title", {}, `bound ${bound}: ${nodes.toLocaleString("en")} nodes`));
      });
      chart.replaceChildren(picture);
      note.textContent = iterations.map(([b, n]) => `bound ${b}: ${n.toLocaleString("en")} nodes`).join("; ");
    };
    const answer = await ask("solve_board", { ...boardParams(), algorithm: "ida" }, (p) => { if (p.iterations) draw(p.iterations); });
    if (answer === null) return;
    if (answer.status === "solved") {  // the last iteration, the one that found the goal, is not in the log
      const logged = answer.iterations || [];
      draw([...logged, [answer.moves, answer.expanded - logged.reduce((sum, [, nodes]) => sum + nodes, 0)]]);
    } else if (answer.iterations) {
      draw(answer.iterations);
    }
    note.textContent += answer.status === "solved" ? ` Solved in ${answer.moves} moves.` : ` ${answer.message || answer.reason || ""}`;
  }

  async function quality() {
    const working = el("p", { role: "status", text: "Working through all 181,440 boards…" });
    extras.replaceChildren(working);
    const answer = await ask("quality", {}, (progress) => { working.textContent = progressText(progress, working.textContent); });
    if (answer === null) return;
    if (answer.type !== "quality") { extras.replaceChildren(el("p", { class: "error", text: answer.message })); return; }
    const names = Object.keys(answer.average);
    const scale = 8;
    const picture = svg("svg", { width: 31 * scale + 60, height: 31 * scale + 40, role: "img", "data-testid": "explain-quality-chart",
      "aria-label": "Mean estimate against the exact distance, 3x3" });
    picture.append(svg("line", { x1: 30, y1: 31 * scale + 10, x2: 30 + 31 * scale, y2: 10, class: "diagonal" }));
    names.forEach((name, k) => {
      const points = answer.average[name].map((h, d) => `${30 + d * scale},${31 * scale + 10 - h * scale}`).join(" ");
      picture.append(svg("polyline", { points, class: `series series-${k}` }, null));
      picture.lastChild.append(svg("title", {}, name));
    });
    const legend = el("ul", { class: "legend" }, ...names.map((name, k) => el("li", { class: `series-${k}`, text: name })));
    const table = el("details", {}, el("summary", { text: "The numbers" }), el("table", {},
      el("tr", {}, el("th", { text: "exact" }), el("th", { text: "boards" }), ...names.map((n) => el("th", { text: n }))),
      ...answer.exact.map((count, d) => el("tr", {}, el("td", { text: String(d) }), el("td", { text: String(count) }),
        ...names.map((n) => el("td", { text: String(answer.average[n][d]) }))))));
    extras.replaceChildren(el("p", { text: "Each line: the mean estimate of the boards at each exact distance; the diagonal is perfect." }), picture, legend, table);
  }

  return {
    /** #explain=<link>: step through A* on that puzzle; #learn: the view as it is. */
    open(name, link) {
      if (!link) return;
      let next;
      try {
        next = parseExplain(link);
      } catch (error) {
        if (!(error instanceof FragmentError)) throw error;
        message.textContent = `This link could not be opened: ${error.message}`;
        return;
      }
      if (puzzle && JSON.stringify(next) === JSON.stringify(puzzle) && (trace || job)) return;   // already shown
      if (next.heuristic && [...heuristic.options].some((o) => o.value === next.heuristic)) heuristic.value = next.heuristic;
      load(next);
    },
    get step() { return step; },
  };
}
