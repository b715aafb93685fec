// play/analysis.js -- a finished game against the optimum: the distance to the goal after each of the
// player's moves (the judge's verdicts, verdicts.js) drawn against the ideal line, the moves that lost
// ground marked, under the board once the game is solved (its place is in index.html).  The SVG is built
// with createElementNS and textContent only.
//
//   mountAnalysis(gameRoot, game, judge);          // game: mountGame's object (game.js); judge: a Judge
//   const summary = summarize(distances, exact);   // distances[i]: after move i (0: the start)
//   container.replaceChildren(chartSvg(summary));

import { positionsAlong } from "../core/rules.js";
import { el } from "../core/dom.js";
import { plural } from "../core/messages.js";
import { slowToJudge } from "./verdicts.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320, H = 160, PAD = { left: 30, right: 8, top: 10, bottom: 24 };

/** {moves, optimal, lost: [move numbers], distances, exact}: lost moves are those after which the distance grew. */
export function summarize(distances, exact = true) {
  const lost = [];
  for (let i = 1; i < distances.length; i++) if (distances[i] > distances[i - 1]) lost.push(i);
  return { moves: distances.length - 1, optimal: distances[0], lost, distances, exact };
}

export function summaryText({ moves, optimal, lost, exact }) {
  const best = exact ? `the optimal ${optimal}` : `at least ${optimal} (a proven lower bound: this size is too big to know the optimum)`;
  const lostText = lost.length ? `${plural(lost.length, "move")} lost ground` : "no move lost ground";
  return `Your ${plural(moves, "move")} vs ${best}; ${lostText}.`;
}

function node(tag, attributes = {}, text = "") {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  if (text) el.textContent = text;
  return el;
}

export function chartSvg({ moves, optimal, lost, distances, exact }) {
  const top = Math.max(1, ...distances);
  const width = Math.max(1, moves, optimal);
  const x = (i) => PAD.left + (i / width) * (W - PAD.left - PAD.right);
  const y = (d) => PAD.top + (1 - d / top) * (H - PAD.top - PAD.bottom);
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "analysis-chart", "data-testid": "analysis-chart" });
  svg.append(node("title", {}, `${exact ? "Optimal distance" : "Lower bound on the distance"} after each move: ` +
    `${moves} moves played, ${optimal} needed, ${lost.length} lost ground.`));
  svg.append(node("line", { x1: PAD.left, y1: y(0), x2: W - PAD.right, y2: y(0), class: "axis" }));
  svg.append(node("line", { x1: PAD.left, y1: y(0), x2: PAD.left, y2: y(top), class: "axis" }));
  svg.append(node("text", { x: PAD.left - 4, y: y(top) + 4, "text-anchor": "end", class: "label" }, String(top)));
  svg.append(node("text", { x: PAD.left - 4, y: y(0) + 4, "text-anchor": "end", class: "label" }, "0"));
  svg.append(node("text", { x: W - PAD.right, y: H - 6, "text-anchor": "end", class: "label" }, `move ${moves}`));
  svg.append(node("line", { x1: x(0), y1: y(optimal), x2: x(optimal), y2: y(0), class: "ideal", "data-testid": "analysis-ideal" }));
  const points = distances.map((d, i) => `${x(i).toFixed(1)},${y(d).toFixed(1)}`).join(" ");
  svg.append(node("polyline", { points, class: "played", "data-testid": "analysis-played" }));
  for (const i of lost) {
    svg.append(node("circle", { cx: x(i).toFixed(1), cy: y(distances[i]).toFixed(1), r: 3, class: "lost", "data-move": i }));
  }
  return svg;
}

/** The single-tile moves of a game so far, and the positions along them (the start first). */
function gameLine(session) {
  const moves = session.past.join("");
  return { moves, positions: positionsAlong(session.start, session.n, moves).map((p) => p.tiles) };
}

/** The analysis, drawn when the game on screen is solved and hidden when it no longer is (undone, a new game). */
export function mountAnalysis(root, game, judge) {
  const { solver } = judge;
  const analysis = root.querySelector('[data-testid="analysis"]');
  let analysedSession = null;
  const ready = () => solver.state === "ready";
  const update = () => {
    const session = game.session;
    if (!session) return;
    if (session.solved) analyse(session);
    else { analysedSession = null; analysis.hidden = true; }   // (its "once the solver has loaded" too)
  };
  root.addEventListener("game-render", update);
  solver.addEventListener("status", update);

  async function analyse(session) {
    if (analysedSession === session && !analysis.hidden) return;
    analysedSession = session;
    analysis.hidden = false;
    if (!ready()) { analysedSession = null; analysis.replaceChildren(el("p", { text: "The analysis appears once the solver has loaded." })); return; }
    const { positions } = gameLine(session);
    const slow = slowToJudge(session.n, session.height);
    if (slow && !positions.every((tiles) => judge.cached(tiles, session.goal, session.n))) {
      analysis.replaceChildren(heading(session), el("p", { class: "note", "data-testid": "analysis-summary",
        text: `Your ${positions.length - 1} moves. On ${session.n}×${session.height} boards each position takes the solver seconds to judge, so the analysis is drawn from the moves judged during play: turn on "Judge each move" before playing.` }));
      return;
    }
    // The analysis's room is taken at once, the chart's frame and its legend in place, so that when the
    // chart comes nothing below it moves.
    const status = el("p", { text: "Analysing your game…" });
    analysis.replaceChildren(heading(session), status,
      node("svg", { viewBox: `0 0 ${W} ${H}`, class: "analysis-chart", "aria-hidden": "true" }), legend(!slow));
    const distances = [];
    let exact = true;
    try {
      for (const [i, tiles] of positions.entries()) {
        const verdict = await judge.verdict(tiles, session.goal, session.n);
        if (analysedSession !== session) return;
        distances.push(verdict.distance);
        exact &&= verdict.exact;
        if (i % 5 === 0) status.textContent = `Analysing your game… ${i} of ${positions.length - 1} moves`;
      }
    } catch (error) {
      status.textContent = `The analysis stopped: ${error.message}`;
      return;
    }
    const summary = summarize(distances, exact);
    analysis.dataset.moves = String(summary.moves);
    analysis.dataset.optimal = String(summary.optimal);
    analysis.dataset.lost = summary.lost.join(",");
    analysis.replaceChildren(
      heading(session),
      el("p", { "data-testid": "analysis-summary", text: summaryText(summary) }),
      chartSvg(summary),
      legend(exact));
  }
}

/** "Your game", or for a solve type's run, whose last board alone is analysed, "The last board (2×3)". */
function heading(session) {
  return el("h3", { text: session.run ? `The last board (${session.n}×${session.height})` : "Your game" });
}

function legend(exact) {
  return el("p", { class: "note", text: exact
    ? "The line: the optimal distance to the goal after each of your moves; dashed: the ideal game; dots: moves that lost ground."
    : "On boards this big only a lower bound on the distance is known: the line shows that bound." });
}
