// core/notation.js -- the speedsolving community's notation (as in Slidysim and slidy): moves and positions as
// text, for boards of any W x H with each side from 2 to 20.  No DOM.  The game keeps moves as lower-case
// letters for the way a TILE moves (l r u d, rules.js).
//
// Moves: upper-case letters for the direction the tiles move (the "tile" convention), with a count for
// repeats: "R3 D2 L" = three tiles slide right one after the other, then two down, then one left.
// The other convention names the way the BLANK moves ("blank"): every letter is the opposite one.
// Every form slidy and Slidysim write reads: runs counted or spelled out ("U2RDL3", "UURDLLL"), spaced or
// not ("U2 R D L3", "U U R D L L L"), a count of 1 written ("R1").
//   toNotation("rrrddl")             -> "R3D2L"
//   parseMoves("R3 D2 L")            -> "rrrddl"
//   parseMoves("L3U2R", "blank")     -> "rrrddl"
// Positions: rows separated by "/", tiles by spaces, 0 for the blank, width first in a shape's name (4x3 = 4
// tiles a row, 3 rows): "1 2 3 4/5 6 7 8/9 10 11 0"; and the engine's board text, one row per line, numbers
// aligned (boardText, as slidy's grid display).  The Python twin is pysrc/puzzlesolver/notation.py; both are
// held to tests/parity/notation_cases.json.

import { OPPOSITE, shapeRefusal } from "./rules.js";

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

/** The rows of tiles that are `width` to a row. */
function rowsOf(tiles, width) {
  const rows = [];
  for (let start = 0; start < tiles.length; start += width) rows.push(tiles.slice(start, start + width));
  return rows;
}

/** The board as text, one row per line, `width` tiles a row (an n x n board's n), each right-aligned to the
 *  largest tile's digits: as typed into the board field and as the engine reads it (the game's and the
 *  form's requests). */
export function boardText(tiles, width) {
  const digits = String(tiles.length - 1).length;
  return rowsOf(tiles, width).map((row) => row.map((t) => String(t).padStart(digits)).join(" ")).join("\n");
}

/** A position as "a b c/d e f/g h 0", `width` tiles a row (an n x n board's n). */
export function positionText(tiles, width) {
  return rowsOf(tiles, width).map((row) => row.join(" ")).join("/");
}

/** "a b c/d e f/g h 0" (any spacing; newlines also end rows) -> {width, height, tiles}, and n when square;
 *  each side 2 to 20 (rules.js shapeRefusal).  Throws NotationError, one sentence. */
export function parsePosition(text) {
  const rows = String(text).trim().split(/\s*[/\n]\s*/).filter(Boolean).map((row) => row.split(/[\s,]+/));
  const height = rows.length;
  if (height < 2) throw new NotationError("A position needs at least two rows, separated by /.");
  const width = rows[0].length;
  const ragged = rows.findIndex((row) => row.length !== width);
  if (ragged >= 0) {
    if (width === height) throw new NotationError(`Each of the ${height} rows needs ${height} tiles.`);
    throw new NotationError(`Row ${ragged + 1} has ${rows[ragged].length} tiles but row 1 has ${width}: every row needs as many tiles.`);
  }
  const refusal = shapeRefusal(width, height);
  if (refusal) throw new NotationError(refusal);
  const tiles = rows.flat().map((item) => {
    if (!/^[0-9]+$/.test(item)) throw new NotationError(`"${item.slice(0, 10)}" is not a tile number.`);
    return Number(item);
  });
  const seen = new Set(tiles);
  for (let t = 0; t < tiles.length; t++) {
    if (!seen.has(t)) throw new NotationError(`Tile ${t} is missing: a ${width}x${height} position uses 0 to ${tiles.length - 1} once each.`);
  }
  return width === height ? { width, height, n: width, tiles } : { width, height, tiles };
}
