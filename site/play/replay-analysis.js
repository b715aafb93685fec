// play/replay-analysis.js -- a replay as the solver sees it (the Replays panel, under the player): up to 16 cells
// (every 4x4, 5x3, 8x2...), the optimum of its scramble, its moves against it, how many were wasted and where --
// the distance to the goal after each move, drawn as a finished game's analysis draws it (analysis.js); beyond,
// the solver's near-optimal answer and the proven bound on the shortest.  Asked by a press: a replay of thousands
// of moves is never judged unasked.
//
//   const analysis = replayAnalysis(judge);   // analysis.element: data-testid="replay-analysis"
//   analysis.show(replay);                    // a replay loaded in the player: the button, nothing judged yet

import { button, el } from "../core/dom.js";
import { plural } from "../core/messages.js";
import { boardText } from "../core/notation.js";
import { goalTiles, positionsAlong } from "../core/rules.js";
import { answerText } from "../core/job.js";
import * as ops from "../core/ops.js";
import { EXACT_CELLS } from "./verdicts.js";
import { chartSvg, summarize } from "./analysis.js";

const BIG_BOARD_SECONDS = 10;   // the solver's budget for a scramble of more than 16 cells

export function replayAnalysis(judge) {
  const result = el("div", { class: "replay-analysis-result" });
  const ask = button("Compare with the solver", "replay-analyse", () => analyse());
  const element = el("section", { class: "replay-analysis", "data-testid": "replay-analysis", "aria-label": "The solver's view of this replay", hidden: true },
    ask, result);
  let replay = null;
  let ticket = 0;

  async function analyse() {
    const mine = ++ticket, shown = replay;
    ask.disabled = true;
    const say = (text) => { if (mine === ticket) result.replaceChildren(el("p", { "data-testid": "replay-analysis-summary", text })); };
    try {
      say(judge.solver.state === "ready" ? "Comparing with the solver…" : "The solver is starting: the comparison follows once it is up…");
      if (shown.width * shown.height <= EXACT_CELLS) await exact(shown, mine, say);
      else await bounded(shown, say);
    } catch (error) {
      say(`The comparison stopped: ${error.message}`);
    } finally {
      if (mine === ticket) ask.disabled = false;
    }
  }

  /** Every position judged (exact up to 16 cells): the optimum, the waste, the moves that lost ground. */
  async function exact(shown, mine, say) {
    const goal = goalTiles(shown.width, shown.height);
    const positions = positionsAlong(shown.scramble, shown.width, shown.moves).map((p) => p.tiles);
    const distances = [];
    for (const [i, tiles] of positions.entries()) {
      distances.push((await judge.verdict(tiles, goal, shown.width)).distance);
      if (mine !== ticket) return;
      if (i % 10 === 0) say(`Comparing with the solver… ${i} of ${positions.length - 1} moves`);
    }
    const summary = summarize(distances, true);
    const wasted = summary.moves - summary.optimal;
    const where = summary.lost.length ? ` Moves that lost ground: ${summary.lost.join(", ")}.` : "";
    result.replaceChildren(
      el("p", { "data-testid": "replay-analysis-summary", text: `Optimal for this scramble: ${plural(summary.optimal, "move")}. ` +
        `This solve took ${summary.moves}: ${wasted ? `${plural(wasted, "move")} wasted.` : "not one wasted."}${where}` }),
      chartSvg(summary),
      el("p", { class: "note", text: "The line: the optimal distance to the goal after each move; dashed: the shortest solve; dots: moves that lost ground." }));
    Object.assign(element.dataset, { optimal: String(summary.optimal), wasted: String(wasted), lost: summary.lost.join(",") });
  }

  /** More than 16 cells: the solver's answer within its budget, and its bound on the shortest. */
  async function bounded(shown, say) {
    say(`Solving this scramble (up to ${BIG_BOARD_SECONDS} s)…`);
    const job = ops.solveBoard(judge.solver, { board: boardText(shown.scramble, shown.width),
      goal: boardText(goalTiles(shown.width, shown.height), shown.width) }, { owner: "replay", maxSeconds: () => BIG_BOARD_SECONDS });
    const answer = await job.answer;
    if (answer.status !== "solved") { say(answerText(answer) || "The solver found no answer in time."); return; }
    const bound = answer.optimal === false ? answer.bound : answer.moves;
    say(`The solver's answer: ${plural(answer.moves, "move")}${answer.optimal === false ? " (not proven shortest)" : " (optimal)"}; ` +
      `the shortest takes at least ${plural(bound, "move")}. This solve took ${shown.stm}.`);
    Object.assign(element.dataset, { answer: String(answer.moves), bound: String(bound) });
  }

  return {
    element,
    show(next) {
      replay = next;
      ticket += 1;
      element.hidden = false;
      ask.disabled = false;
      result.replaceChildren();
      for (const key of ["optimal", "wasted", "lost", "answer", "bound"]) delete element.dataset[key];
    },
  };
}
