// play/solve-actions.js -- what a player may do to one kept solve, wherever it is shown (the statistics' latest solves,
// the result of the solve just finished): "+2" and "DNF" (pressed again, taken back), and Delete, which says so with an
// Undo that puts the solve back as it was.  The store does each in a transaction (stats-record.js); `changed()` then
// redraws whatever shows the statistics.
//
//   row.append(...solveActions(solve, { stats, changed, say, testid: "stats-solve" }));   // solve: {id, penalty, ...}
//   solveTimeText(solve)   // "12.345", "14.345+" (a +2: counted with its two seconds), "DNF (12.345)"

import { button, formatTime } from "../core/dom.js";
import { PLUS_TWO_MS } from "../core/averages.js";

export function solveTimeText({ time, penalty = null }) {
  if (penalty === "dnf") return `DNF (${formatTime(time)})`;
  if (penalty === "+2") return `${formatTime(time + PLUS_TWO_MS)}+`;
  return formatTime(time);
}

const REFUSED = "This browser refused to change the solve";

/**
 * The +2, DNF and Delete buttons of `solve` (data-testid `${testid}-plus2`, `-dnf`, `-delete`).  `say(text, ...more)`
 * puts a sentence (and an Undo button) where the player looks; `stats` is the Stats (or a promise of it).
 */
export function solveActions(solve, { stats, changed, say, testid }) {
  const penalty = solve.penalty ?? null;
  const toggle = (which, label, title) => button(label, `${testid}-${which === "+2" ? "plus2" : which}`, async () => {
    try {
      await (await stats).setPenalty(solve.id, penalty === which ? null : which);
      say("");
    } catch (error) {
      say(`${REFUSED} (${error.message}).`);
    }
    changed();
  }, { class: "solve-action", "aria-pressed": String(penalty === which), title });
  const remove = button("Delete", `${testid}-delete`, async () => {
    let gone = null;
    try { gone = await (await stats).remove(solve.id); } catch (error) { say(`${REFUSED} (${error.message}).`); return; }
    changed();
    if (!gone) return;
    const undo = button("Undo", `${testid}-undo`, async () => {
      try { await (await stats).restore(gone); say(""); } catch (error) { say(`${REFUSED} (${error.message}).`); }
      changed();
    }, { class: "solve-action" });
    say(`Deleted the solve of ${solveTimeText(gone)}. `, undo);
  }, { class: "solve-action", title: "Delete this solve from your statistics (Undo brings it back)" });
  return [
    toggle("+2", "+2", "Add two seconds to this solve (a penalty); press again to take them back"),
    toggle("dnf", "DNF", "Count this solve as not finished (the worst in its averages); press again to take it back"),
    remove,
  ];
}
