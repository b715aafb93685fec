// play/mode-fewest.js -- the rules of a fewest-moves solve (modes.js; mode-run.js plays it): the board is dealt
// with a time limit (the mode's length, in seconds, counted from the deal: thinking counts), shown counting down
// under the board; solved within it, the result names the optimum for the scramble (the solver's, asked by the game
// when a board is solved: help.js; beyond 16 cells, the best bound it gives) and the moves wasted: those played past
// the optimum.  At the limit the board closes unsolved: a DNF.
//
//   const rules = fewestRules(root, game, run);   // rules.begin(); rules.leave(); rules.result(session, { unknown })

import { el } from "../core/dom.js";
import { plural } from "../core/messages.js";

const TICK_MS = 250;

export function fewestRules(root, game, run) {
  const caption = root.querySelector('[data-testid="play-caption"]'), result = root.querySelector('[data-testid="play-result"]');
  const limitMs = run.mode.length * 1000;
  let timer = null, began = 0;
  const say = (text) => { caption.textContent = text; caption.hidden = false; };

  function begin() {
    began = performance.now();
    timer = setInterval(tick, TICK_MS);
    tick();
  }

  function tick() {
    const session = game.session;
    if (session.run !== run) { leave(); return; }
    const left = Math.max(0, limitMs - (performance.now() - began));
    say(`Fewest moves: ${Math.ceil(left / 1000)} s left. Solve in as few moves as you can.`);
    caption.dataset.leftMs = String(Math.round(left));
    if (left > 0 || session.solved) return;
    leave();
    session.close();
    game.settle();
    say(`Fewest moves: the ${run.mode.length} s are up.`);
    result.replaceChildren(el("strong", { text: "DNF." }), " ",
      el("span", { "data-testid": "mode-dnf", text: `Time's up: the board was not solved within ${run.mode.length} s. A DNF is not counted in your statistics.` }));
    result.hidden = false;
  }

  function leave() {
    if (timer !== null && game.session.run === run && game.session.solved) {
      say(`Fewest moves in ${run.mode.length} s: solved with ${Math.floor(Math.max(0, limitMs - (performance.now() - began)) / 1000)} s to spare.`);
    }
    clearInterval(timer);
    timer = null;
  }

  /** The optimum for the scramble (or why it is not known yet) and the moves wasted. */
  function resultOf(session, { unknown }) {
    const moves = session.moveCount, optimal = session.optimalStart;
    const parts = optimal === null
      ? [el("span", { text: `The optimum: ${unknown ?? "being worked out…"}` })]
      : [el("span", { text: "The optimum: " }), el("span", { "data-testid": "mode-optimal", text: String(optimal) }),
        el("span", { text: ` ${optimal === 1 ? "move" : "moves"}; wasted: ` }), el("span", { "data-testid": "mode-wasted", text: String(moves - optimal) }),
        el("span", { text: moves === optimal ? " (an optimal solve)." : ` (${plural(moves - optimal, "move")} past the optimum).` })];
    return { title: "Fewest moves: solved!", parts };
  }

  return { begin, leave, result: resultOf };
}
