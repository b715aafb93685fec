// play/judge.js -- every move judged: the optimal distance after each move and whether the move gained
// or lost a step, and labels (-1/+1) on the tiles that can move.  Verdicts come from verdicts.js (cached
// per position, the next positions asked ahead of time); a finished game's analysis asks the same judge
// (analysis.js).  The toggles and the verdict line are in the game's shell (index.html).
//
//   mountJudging(gameRoot, game, judge, settings);   // game: mountGame's object (game.js); judge: a Judge

import { OPPOSITE, applyMove } from "../core/rules.js";
import { slowToJudge } from "./verdicts.js";
import { lowerFirst, plural, sentence } from "../core/messages.js";

const keyOf = (tiles) => tiles.join(",");

/** The positions one move away, for prefetching. */
function nextPositions(tiles, n) {
  return ["l", "r", "u", "d"].map((dir) => applyMove(tiles, n, dir)).filter(Boolean).map((step) => step.tiles);
}

export function mountJudging(root, game, judge, settings) {
  const { solver } = judge;
  const part = (testid) => root.querySelector(`[data-testid="${testid}"]`);
  const toggle = part("judge-toggle"), labels = part("judge-labels"), line = part("judge-line");
  const optimalHere = part("play-distance");   // the game's "Optimal from here" (data-known: see game.js): the judge knows it too
  const fromSettings = () => {
    toggle.checked = settings.get("judge", false);
    labels.checked = settings.get("labels", false);
  };
  fromSettings();
  settings.whenLoaded(() => { fromSettings(); update(); });
  toggle.addEventListener("change", () => { settings.set("judge", toggle.checked); update(); });
  labels.addEventListener("change", () => { settings.set("labels", labels.checked); update(); });

  root.addEventListener("game-render", () => update());
  solver.addEventListener("status", () => update());
  const ready = () => solver.state === "ready";

  function update() {
    const session = game.session;
    if (!session) return;
    clearTileLabels();
    line.hidden = !toggle.checked;
    labels.disabled = !toggle.checked;
    if (!toggle.checked) return;
    if (!ready()) { say("The judge starts with the solver…"); return; }
    const tiles = session.tiles.slice();
    const onBoard = () => game.session === session && keyOf(session.tiles) === keyOf(tiles);
    const known = judge.cached(tiles, session.goal, session.n);
    // The line is about the position on the board, always: its verdict, or that it is being judged (a 5x5
    // verdict takes seconds, more while the one asked before it is worked out), never an earlier position's.
    if (known) showVerdict(session, known);
    else say("Judging this position…", "pending");
    const slow = slowToJudge(session.n, session.height);
    if (slow) judge.onlyFor(tiles, session.goal, session.n);   // an earlier position's verdict is not waited for
    judge.verdict(tiles, session.goal, session.n).then((verdict) => {
      if (!onBoard()) return;
      if (!known) showVerdict(session, verdict);
      if (!slow) judge.prefetch(nextPositions(tiles, session.n), session.goal, session.n);
    }, (error) => { if (onBoard()) say(sentence(`The judge could not answer: ${lowerFirst(error.message)}`)); });
  }

  /** The verdict line says `text`; data-verdict is its kind, data-distance (and data-exact) only with a verdict. */
  function say(text, verdict = "") {
    line.textContent = text;
    line.dataset.verdict = verdict;
    delete line.dataset.distance;
    delete line.dataset.exact;
  }

  function showVerdict(session, verdict) {
    const moves = `${plural(verdict.distance, "move")} from the goal`;
    const distance = verdict.exact ? moves : `At least ${moves}` + (labels.checked ? " (the −1/+1 labels need exact distances: boards up to 4×4)" : "");
    const last = lastMoveVerdict(session, verdict);
    say(last ? `${distance} · last move: ${last.text}` : distance, last ? last.kind : "");
    line.dataset.distance = String(verdict.distance);
    line.dataset.exact = String(verdict.exact);
    // Only where the game knows nothing better: nothing yet, or a bound of the judge's own (never over an
    // exact distance, nor over the game's "≤ N").
    if (optimalHere.dataset.known === "none" || optimalHere.dataset.known === "at-least") {
      optimalHere.textContent = verdict.exact ? String(verdict.distance) : `≥ ${verdict.distance}`;
      optimalHere.dataset.known = verdict.exact ? "exact" : "at-least";
    }
    if (labels.checked && verdict.exact) labelTiles(verdict);
  }

  /** What the last single-tile move did, when the verdict before it is known. */
  function lastMoveVerdict(session, verdict) {
    const lastAction = session.past.at(-1);
    if (!lastAction) return null;
    const before = applyMove(session.tiles, session.n, OPPOSITE[lastAction.at(-1)]).tiles;
    const previous = judge.cached(before, session.goal, session.n);
    if (!previous) return null;
    const change = verdict.distance - previous.distance;
    if (!verdict.exact || !previous.exact) return { kind: "bound", text: `the bound went ${change < 0 ? "down" : change > 0 ? "up" : "nowhere"}` };
    return change < 0 ? { kind: "optimal", text: "optimal (−1)" } : { kind: "back", text: "a step back (+1)" };
  }

  function labelTiles(verdict) {
    for (const { tile, delta } of verdict.moves) {
      const tileButton = root.querySelector(`.play-tile[data-tile="${tile}"]`);
      if (tileButton) tileButton.dataset.delta = delta < 0 ? "−1" : "+1";
    }
  }

  function clearTileLabels() {
    for (const tileButton of root.querySelectorAll(".play-tile[data-delta]")) delete tileButton.dataset.delta;
  }

}
