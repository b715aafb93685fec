// code/results.js -- how a test's row looks: its verdict, the method it checks, expected against got, the board it
// failed on, the traceback into the student's file, advice and printed output; and the trace of puzzle04's search
// beside the reference's.  Every text goes through textContent (the rows quote the student's code and output).

import { el } from "../core/dom.js";

/** A board as a small grid of numbers (the blank empty). */
export function boardGrid({ width, height, tiles }, label = "The board") {
  const grid = el("div", { class: "code-board", role: "img", "aria-label": `${label}: ${rowsText(width, tiles)}` });
  grid.style.setProperty("--w", width);
  for (const tile of tiles.slice(0, width * height)) grid.append(el("span", { text: tile ? String(tile) : "" }));
  return grid;
}

function rowsText(width, tiles) {
  const rows = [];
  for (let i = 0; i < tiles.length; i += width) rows.push(tiles.slice(i, i + width).join(" "));
  return rows.join(" / ");
}

function shown(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The <li> of one test's row (data-test: its name, data-status: its verdict). */
export function resultRow(row) {
  const item = el("li", { class: "code-row", "data-test": row.name, "data-status": row.status });
  item.append(el("p", { class: "code-row-head" },
    el("span", { class: "code-status", text: row.status }),
    el("span", { class: "code-title", text: row.title || row.name }),
    el("code", { class: "code-method", text: row.method || "" })));
  if (row.message) item.append(el("p", { class: "code-message-line", text: row.message }));
  if (row.expected !== null && row.expected !== undefined && row.status !== "pass") {
    item.append(el("dl", { class: "code-compare" },
      el("dt", { text: "Expected" }), el("dd", {}, el("code", { text: shown(row.expected) })),
      el("dt", { text: "Got" }), el("dd", {}, el("code", { text: row.got === undefined ? "–" : shown(row.got) }))));
  }
  if (row.board && row.status !== "pass") item.append(boardGrid(row.board, "The board it failed on"));
  if (row.traceback?.length) item.append(el("pre", { class: "code-traceback", text: tracebackText(row.traceback) }));
  if (row.advice) item.append(el("p", { class: "code-advice", text: row.advice }));
  if (row.output) {
    item.append(el("details", { class: "code-output" }, el("summary", { text: "Printed output" }),
      el("pre", { text: row.output })));
  }
  if (row.trace) item.append(traceView(row.trace));
  return item;
}

/** The student's frames of a traceback, outermost first, as Python prints them. */
function tracebackText(frames) {
  return frames.map(({ file, line, function: name, code }) => `  File "${file}", line ${line}, in ${name}${code ? `\n    ${code}` : ""}`)
    .join("\n");
}

/**
 * The boards a search dequeued, the student's beside the reference's, as the Learn view lists them, the first
 * difference marked.  `trace`: {width, height, student: [tiles], reference: [tiles], first_difference: index | null}.
 */
export function traceView(trace) {
  const { width, height, student = [], reference = [], first_difference: differs = null } = trace;
  const column = (title, boards) => el("div", { class: "code-trace-column" }, el("h4", { text: title }),
    el("ol", {}, ...boards.map((tiles, i) => el("li", { class: i === differs ? "code-trace-differs" : "" },
      boardGrid({ width, height, tiles }, `Dequeued ${i + 1}`)))));
  const verdict = differs === null
    ? "Your search dequeued the same boards in the same order as the reference A*."
    : `The first difference is the board dequeued ${ordinal(differs + 1)}, marked.`;
  return el("section", { class: "code-trace", "aria-label": "The order boards were dequeued" },
    el("p", { text: verdict }), el("div", { class: "code-trace-columns" },
      column("Your search", student), column("The reference A*", reference)));
}

function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
  return `${n}${tail}`;
}
