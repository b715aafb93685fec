// core/notation.js -- the speedsolving community's notation (as in Slidysim): moves and positions as text.
// No DOM.  The game keeps moves as lower-case letters for the way a TILE moves (l r u d, rules.js).
//
// Moves: upper-case letters for the direction the tiles move (the "tile" convention), with a count for
// repeats: "R3 D2 L" = three tiles slide right one after the other, then two down, then one left.
// The other convention names the way the BLANK moves ("blank"): every letter is the opposite one.
//   toNotation("rrrddl")             -> "R3D2L"
//   parseMoves("R3 D2 L")            -> "rrrddl"
//   parseMoves("L3U2R", "blank")     -> "rrrddl"
// Positions: rows separated by "/", tiles by spaces, 0 for the blank: "1 2 3/4 5 6/7 8 0"; and the
// engine's board text, one row per line, numbers aligned (boardText).

import { OPPOSITE } from "./rules.js";

export const CONVENTIONS = {
  tile: "the way a tile moves",          // after the field's label "Letters:" (play/notation-panel.js)
  blank: "the way the blank moves",
};
const MAX_COUNT = 10000;

export class NotationError extends Error {}

/** Game moves (l r u d, the way a tile moves) as notation, runs counted: "R3D2L". */
export function toNotation(moves, convention = "tile") {
  let text = "";
  for (let i = 0; i < moves.length;) {
    let j = i;
    while (j < moves.length && moves[j] === moves[i]) j++;
    const letter = convention === "blank" ? OPPOSITE[moves[i]] : moves[i];
    text += letter.toUpperCase() + (j - i > 1 ? String(j - i) : "");
    i = j;
  }
  return text;
}

/** Notation (either case, counts, spaces or commas anywhere) as game moves; throws NotationError. */
export function parseMoves(text, convention = "tile") {
  const compact = String(text).replace(/[\s,]+/g, "");
  const bad = compact.match(/[^UDLRudlr0-9]/);
  if (bad) throw new NotationError(`"${bad[0]}" is not a move: use U, D, L and R, each optionally followed by a count.`);
  if (/^[0-9]/.test(compact)) throw new NotationError("A count must follow a letter, as in R3.");
  let moves = "";
  for (const [, letter, count] of compact.matchAll(/([UDLRudlr])([0-9]*)/g)) {
    const times = count === "" ? 1 : Number(count);
    if (!(times >= 1 && times <= MAX_COUNT)) throw new NotationError(`The count ${count} must be from 1 to ${MAX_COUNT}.`);
    const dir = letter.toLowerCase();
    moves += (convention === "blank" ? OPPOSITE[dir] : dir).repeat(times);
  }
  return moves;
}

/** The board as text, one row per line, as typed into the board field
 *  and as the engine reads it (the game's and the form's requests). */
export function boardText(tiles, n) {
  const width = String(n * n - 1).length;
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(tiles.slice(r * n, r * n + n).map((t) => String(t).padStart(width)).join(" "));
  return rows.join("\n");
}

/** A position as "a b c/d e f/g h 0". */
export function positionText(tiles, n) {
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(tiles.slice(r * n, r * n + n).join(" "));
  return rows.join("/");
}

/** "a b c/d e f/g h 0" (any spacing; newlines also end rows) -> {n, tiles}; throws NotationError. */
export function parsePosition(text) {
  const rows = String(text).trim().split(/\s*[/\n]\s*/).filter(Boolean).map((row) => row.split(/[\s,]+/));
  const n = rows.length;
  if (n < 2) throw new NotationError("A position needs at least two rows, separated by /.");
  if (rows.some((row) => row.length !== n)) throw new NotationError(`Each of the ${n} rows needs ${n} tiles.`);
  const tiles = rows.flat().map((item) => {
    if (!/^[0-9]+$/.test(item)) throw new NotationError(`"${item.slice(0, 10)}" is not a tile number.`);
    return Number(item);
  });
  const seen = new Set(tiles);
  for (let t = 0; t < n * n; t++) {
    if (!seen.has(t)) throw new NotationError(`Tile ${t} is missing: a ${n}x${n} position uses 0 to ${n * n - 1} once each.`);
  }
  return { n, tiles };
}
