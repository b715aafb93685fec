// learn/drawings.js -- the Learn view's pictures of one step of a recorded search, drawn as the Princeton
// checklist draws them: the game tree with every node a small board (or word) and its "moves + estimate =
// priority", the queue as boards in heap order and as the heap's binary tree, and the pseudocode with the
// lines the step ran highlighted.  Pure drawing: a trace record (puzzlesolver.explain.trace_record) and a
// step in, elements out.

import { el } from "../core/dom.js";
import { boardText } from "../core/notation.js";

const SVG = "http://www.w3.org/2000/svg";
export const MAX_DRAWN = 400;   // a bigger game tree is drawn as the line to the current node (the list has them all)

export function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

// How a node's priority is made depends on the search on screen (showSearch): A* adds moves and estimate,
// weighted A* weighs the estimate, breadth-first uses the moves alone and greedy the estimate alone.
let search = { algorithm: "astar", weight: 1 };

/** The search whose nodes are drawn from now on (a trace: its `algorithm` and `weight`). */
export function showSearch(trace) {
  search = { algorithm: trace.algorithm, weight: trace.weight };
}

export function describe(n) {
  switch (search.algorithm) {
    case "bfs": return `moves ${n.moves} = priority ${n.priority}`;
    case "greedy": return `estimate ${n.estimate} = priority ${n.priority} (moves ${n.moves})`;
    case "weighted": return `moves ${n.moves} + ${search.weight} × estimate ${n.estimate} = priority ${n.priority}`;
    default: return `moves ${n.moves} + estimate ${n.estimate} = priority ${n.priority}`;
  }
}

function sum(n) {
  switch (search.algorithm) {
    case "bfs": return `${n.moves} = ${n.priority}`;
    case "greedy": return `${n.estimate} = ${n.priority}`;
    case "weighted": return `${n.moves} + ${search.weight}×${n.estimate} = ${n.priority}`;
    default: return `${n.moves} + ${n.estimate} = ${n.priority}`;
  }
}

/** A node's board as rows of text (or its word). */
export function stateText(n) {
  if (n.word !== undefined) return n.word;
  return boardText(n.tiles, Math.round(Math.sqrt(n.tiles.length)));
}

// -- the queue, step by step ------------------------------------------------------------------------------

/**
 * The queue array after each step, rebuilt from the steps' changes ([size, position, id, ...] per heap
 * operation).  Copies are kept every 64 steps, so any step is at most 63 steps of changes away.
 */
export class QueueReplay {
  constructor(steps) {
    this.steps = steps;
    this.saved = new Map([[-1, []]]);
    let queue = [];
    steps.forEach((step, index) => {
      queue = QueueReplay.apply(queue, step.changes);
      if (index % 64 === 63) this.saved.set(index, queue.slice());
    });
  }

  static apply(queue, changes) {
    let result = queue;
    for (const change of changes) {
      result = result.slice(0, change[0]);
      while (result.length < change[0]) result.push("");
      for (let k = 1; k < change.length; k += 2) result[change[k]] = change[k + 1];
    }
    return result;
  }

  /** The queue at the end of step `index`, position 1 first. */
  at(index) {
    const from = Math.floor((index + 1) / 64) * 64 - 1;
    let queue = this.saved.get(from).slice();
    for (let k = from + 1; k <= index; k++) queue = QueueReplay.apply(queue, this.steps[k].changes);
    return queue;
  }
}

// -- one node as the checklist draws it ---------------------------------------------------------------------

const CELL = 13;

/** The size of a node's picture: a board of n x n cells (or a word) with its sum below. */
export function nodeSize(trace) {
  if (trace.kind === "words") return { width: 84, height: 40 };
  const n = Math.round(Math.sqrt(Object.values(trace.nodes)[0].tiles.length));
  return { width: Math.max(64, n * CELL + 8), height: n * CELL + 30, n };
}

/** An SVG group drawing node `id` centred on (x, y): its id, its board or word, its sum. */
export function nodePicture(trace, id, x, y, size) {
  const n = trace.nodes[id];
  const group = svg("g", { class: "tree-node", "data-id": id });
  const top = y - size.height / 2;
  group.append(svg("rect", { class: "node-box", x: x - size.width / 2, y: top, width: size.width, height: size.height, rx: 4 }));
  group.append(svg("text", { x: x - size.width / 2 + 3, y: top + 10, class: "node-id" }, id));
  if (n.word !== undefined) {
    group.append(svg("text", { x, y: top + 22, "text-anchor": "middle", class: "node-word" }, n.word));
  } else {
    const left = x - (size.n * CELL) / 2;
    n.tiles.forEach((tile, k) => {
      const cx = left + (k % size.n) * CELL;
      const cy = top + 13 + Math.floor(k / size.n) * CELL;
      if (tile === 0) group.append(svg("rect", { class: "blank", x: cx, y: cy, width: CELL, height: CELL }));
      else group.append(svg("text", { x: cx + CELL / 2, y: cy + CELL - 3, "text-anchor": "middle", class: "tile" }, String(tile)));
    });
    group.append(svg("rect", { class: "grid", x: left, y: top + 13, width: size.n * CELL, height: size.n * CELL }));
  }
  group.append(svg("text", { x, y: top + size.height - 4, "text-anchor": "middle", class: "node-sum" }, sum(n)));
  group.append(svg("title", {}, `${id}: ${describe(n)}${n.enqueued ? "" : ` (not enqueued: ${n.why})`}`));
  return group;
}

// -- the game tree ------------------------------------------------------------------------------------------

/**
 * The game tree at the end of step `index`: the nodes made so far laid out by depth, the node removed in
 * this step, the nodes removed before it, its new children, those not enqueued and (at the last step) the
 * path marked.  `zoom` scales the picture; the container scrolls to pan.  Returns {picture, list}.
 */
export function gameTree(trace, index, zoom, onFocus) {
  const current = trace.steps[index];
  const made = new Set();
  const removedBefore = new Set();
  for (const s of trace.steps.slice(0, index + 1)) {
    for (const id of [...s.inserted, ...s.skipped]) made.add(id);
    if (s.removed && s !== current) removedBefore.add(s.removed);
  }
  const children = new Map();
  for (const id of Object.keys(trace.nodes)) {
    const parent = trace.nodes[id].parent;
    if (made.has(id) && parent) children.set(parent, [...(children.get(parent) || []), id]);
  }
  const root = trace.steps[0].inserted[0];
  const focus = current.removed || root;
  const shown = made.size > MAX_DRAWN ? lineage(trace, focus, index === trace.steps.length - 1, children) : made;
  const drawnChildren = new Map([...children].map(([id, kids]) => [id, kids.filter((kid) => shown.has(kid))]));
  const size = nodeSize(trace);
  const across = size.width + 10;
  const down = size.height + 26;
  const positions = new Map();
  let leaves = 0;
  const layout = (id, depth) => {
    const kids = drawnChildren.get(id) || [];
    kids.forEach((kid) => layout(kid, depth + 1));
    const xs = kids.filter((k) => positions.has(k)).map((k) => positions.get(k)[0]);
    positions.set(id, [xs.length ? (Math.min(...xs) + Math.max(...xs)) / 2 : leaves++ * across + across / 2 + 4,
      depth * down + size.height / 2 + 4]);
  };
  layout(root, 0);
  const width = Math.max(...[...positions.values()].map(([x]) => x)) + across / 2 + 4;
  const height = Math.max(...[...positions.values()].map(([, y]) => y)) + size.height / 2 + 4;
  const picture = svg("svg", { width: Math.round(width * zoom), height: Math.round(height * zoom), viewBox: `0 0 ${width} ${height}`,
    role: "img", "aria-label": shown === made ? `Game tree after step ${index}: ${positions.size} nodes`
      : `Game tree after step ${index}: ${positions.size} of its ${made.size} nodes, the line to ${focus} and the children along it` });
  const fresh = new Set([...current.inserted, ...current.skipped]);
  const onPath = index === trace.steps.length - 1 ? new Set(trace.path) : new Set();
  for (const [id, [x, y]] of positions) {
    const parent = trace.nodes[id].parent;
    if (parent && positions.has(parent)) {
      const [px, py] = positions.get(parent);
      picture.append(svg("line", { x1: px, y1: py + size.height / 2, x2: x, y2: y - size.height / 2, class: "edge" }));
    }
  }
  for (const [id, [x, y]] of positions) {
    const n = trace.nodes[id];
    const group = nodePicture(trace, id, x, y, size);
    const marks = [n.enqueued ? "" : "is-skipped", id === current.removed ? "is-removed" : "", removedBefore.has(id) ? "was-removed" : "",
      fresh.has(id) ? "is-new" : "", onPath.has(id) ? "is-path" : ""].filter(Boolean);
    group.classList.add(...marks);
    group.setAttribute("tabindex", "0");
    group.addEventListener("mouseenter", () => onFocus(id));
    group.addEventListener("focus", () => onFocus(id));
    picture.append(group);
  }
  const item = (id) => el("li", { text: `${id}: ${describe(trace.nodes[id])}${trace.nodes[id].enqueued ? "" : " (not enqueued)"}` },
    ...(children.get(id) ? [el("ul", {}, ...children.get(id).map(item))] : []));
  const [fx, fy] = positions.get(focus);
  return { picture, list: el("ul", {}, item(root)), drawn: positions.size, made: made.size, focus: [fx * zoom, fy * zoom] };
}

/** The nodes of a tree too big to draw whole: `focus` and its ancestors with all their children (the line
 *  the search followed to it and what it left beside it), and at the last step the answer's path too. */
function lineage(trace, focus, last, children) {
  const kept = new Set();
  const keepLine = (id) => {
    for (let at = id; at; at = trace.nodes[at].parent) {
      kept.add(at);
      for (const kid of children.get(at) || []) kept.add(kid);
    }
  };
  keepLine(focus);
  if (last) trace.path.forEach(keepLine);
  return kept;
}

// -- the queue -----------------------------------------------------------------------------------------------

/** The queue as boards in heap order (position 1 first); each is a button when `onPick` is given. */
export function queueBoards(trace, queue, fresh, onPick) {
  const size = nodeSize(trace);
  return queue.map((id, i) => {
    const picture = svg("svg", { width: size.width, height: size.height, "aria-hidden": "true" });
    picture.append(nodePicture(trace, id, size.width / 2, size.height / 2, size));
    const label = `position ${i + 1}: ${id}, ${describe(trace.nodes[id])}`;
    const inner = onPick
      ? el("button", { type: "button", class: "queue-pick", "aria-label": `Predict ${id} (${label})`, "data-id": id }, picture)
      : picture;
    if (onPick) inner.addEventListener("click", () => onPick(id));
    return el("li", { class: fresh.has(id) ? "is-new" : "", "data-position": String(i + 1), "data-id": id, title: label }, inner);
  });
}

/** The queue as the heap's binary tree: position k's children are 2k and 2k + 1. */
export function heapTree(trace, queue, fresh) {
  const spacing = 52;
  const depth = Math.floor(Math.log2(Math.max(1, queue.length))) + 1;
  const width = Math.max(1, 2 ** (depth - 1)) * spacing;
  const picture = svg("svg", { width, height: depth * 52 + 8, role: "img", "aria-label": "The queue as a binary tree" });
  const place = (k) => {
    const level = Math.floor(Math.log2(k));
    return [(((k - 2 ** level) + 0.5) * width) / 2 ** level, level * 52 + 22];
  };
  for (let k = 2; k <= queue.length; k++) {  // edges first, so the circles cover their ends
    const [x, y] = place(k);
    const [px, py] = place(Math.floor(k / 2));
    picture.append(svg("line", { x1: px, y1: py, x2: x, y2: y, class: "edge" }));
  }
  queue.forEach((id, i) => {
    const [x, y] = place(i + 1);
    picture.append(svg("circle", { cx: x, cy: y, r: 17, class: fresh.has(id) ? "is-new" : "" }),
      svg("text", { x, y: y - 1, "text-anchor": "middle" }, id),
      svg("text", { x, y: y + 11, "text-anchor": "middle", class: "node-sum" }, String(trace.nodes[id].priority)));
  });
  return picture;
}

// -- the pseudocode -----------------------------------------------------------------------------------------

/** The search's pseudocode, the lines step `index` ran marked, each deciding line with its node. */
export function pseudocode(trace, index) {
  const step = trace.steps[index];
  const ran = new Set(step.lines);
  const nodesOf = new Map();
  for (const [line, id] of step.run) nodesOf.set(line, [...(nodesOf.get(line) || []), id]);
  return trace.pseudocode.map((text, k) => {
    const number = k + 1;
    const code = text.trimStart();
    // the line's indent as a hanging indent, so that a line wrapped on a phone keeps its nesting
    const item = el("li", { class: ran.has(number) ? "is-run" : "" }, el("code", { text: code }));
    item.style.setProperty("--indent", `${text.length - code.length}ch`);
    if (nodesOf.has(number)) item.append(el("span", { class: "run-nodes", text: ` ← ${nodesOf.get(number).join(", ")}` }));
    if (ran.has(number)) item.setAttribute("aria-current", "step");
    return item;
  });
}

// -- why a node is not the one removed next -----------------------------------------------------------------

/** Why `id`, in the queue, is not `next` (the node removed next): the rule trace_record documents (tests/why_not.py). */
export function whyNot(trace, id, next) {
  const node = trace.nodes[id];
  const upcoming = trace.nodes[next];
  let reason = "older";
  if (node.priority !== upcoming.priority) reason = "priority";
  else if (trace.tie_break === "heap") reason = "heap";
  else if (trace.tie_break === "estimate" && node.estimate !== upcoming.estimate) reason = "tie";
  const fill = { node: id, priority: node.priority, estimate: node.estimate, next, next_priority: upcoming.priority,
    next_estimate: upcoming.estimate };
  return trace.why_not[reason].replace(/\{(\w+)\}/g, (_, key) => String(fill[key]));
}
