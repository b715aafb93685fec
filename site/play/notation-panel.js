// play/notation-panel.js -- the game's moves and positions as text (core/notation.js), in a panel below the
// board: the moves so far, the position and the start written out, a position typed in to play, moves
// typed in played.
//
//   notationPanel(root, game)   // root: the game's section (its "game-render" events); game: mountGame's

import { CONVENTIONS, NotationError, parseMoves, parsePosition, positionText, toNotation } from "../core/notation.js";
import { isSolvable, goalTiles } from "../core/rules.js";
import { button, el } from "../core/dom.js";
import { field, fieldRow, panel } from "./extra-panel.js";

export function notationPanel(root, game) {
  const convention = el("select", { id: "notation-convention", "data-testid": "notation-convention" });
  for (const [value, text] of Object.entries(CONVENTIONS)) convention.append(el("option", { value, text }));
  const movesOut = el("output", { class: "notation", "data-testid": "notation-moves" });
  const positionOut = el("output", { class: "notation", "data-testid": "notation-position" });
  const startOut = el("output", { class: "notation", "data-testid": "notation-start" });
  const positionIn = el("input", { type: "text", id: "notation-position-input", "data-testid": "notation-position-input", placeholder: "1 2 3/4 5 6/7 8 0", spellcheck: false, autocomplete: "off" });
  const movesIn = el("input", { type: "text", id: "notation-moves-input", "data-testid": "notation-moves-input", placeholder: "R3 D2 L", spellcheck: false, autocomplete: "off" });
  const error = el("p", { class: "error", role: "alert", "data-testid": "notation-error" });

  const show = () => {
    const s = game.session;
    if (!s) return;
    movesOut.textContent = toNotation(s.past.join(""), convention.value) || "(none yet)";
    positionOut.textContent = positionText(s.tiles, s.n);   // n: the width
    startOut.textContent = positionText(s.start, s.n);
  };
  root.addEventListener("game-render", show);
  convention.addEventListener("change", show);

  const loadPosition = () => {
    error.textContent = "";
    try {
      // any shape the game plays: parsePosition refuses one outside 2 to 20 a side in the engine's words
      const { width, height, tiles } = parsePosition(positionIn.value);
      if (!isSolvable(tiles, width, goalTiles(width, height))) throw new NotationError("This position cannot reach the goal: the tiles' parity does not match.");
      game.loadGame({ n: width, height, tiles, origin: "typed" }, { announceAs: `Position loaded, ${width} by ${height}.` });
    } catch (e) {
      if (!(e instanceof NotationError)) throw e;
      error.textContent = e.message;
    }
  };
  const playMoves = () => {
    error.textContent = "";
    let moves;
    try { moves = parseMoves(movesIn.value, convention.value); } catch (e) {
      if (!(e instanceof NotationError)) throw e;
      error.textContent = e.message;
      return;
    }
    let played = 0;
    for (const dir of moves) {
      if (!game.play(dir)) break;
      played++;
    }
    if (played < moves.length) error.textContent = `Played ${played} of ${moves.length} moves: move ${played + 1} cannot be played here.`;
  };
  show();
  return panel(root, "notation-panel",
    el("p", { class: "note", text: "Moves are written as in the speedsolving community (Slidysim): U, D, L, R for the way the tiles move, with counts (R3 = three tiles slide right). The other convention, letters for the way the blank moves, is read and written too." }),
    field("Letters:", convention),
    el("p", {}, "Your moves: ", movesOut),
    el("p", {}, "Position: ", positionOut),
    el("p", {}, "Start: ", startOut),
    fieldRow("Load a position", positionIn, loadPosition, button("Load", "notation-load", loadPosition)),
    fieldRow("Play moves", movesIn, playMoves, button("Play", "notation-play", playMoves)),
    error);
}
