// Runs tests/parity/notation_cases.json through site/core/notation.js (and, for square boards, the game's
// rules.js to play the moves) for test_notation_parity.py: JSON on stdout, each section answered in its order.
import { readFileSync } from "node:fs";
import { NotationError, boardText, parseMoves, parsePosition, positionText, toNotation } from "../../site/core/notation.js";
import { goalTiles, positionsAlong } from "../../site/core/rules.js";

const CASES = JSON.parse(readFileSync(new URL("./notation_cases.json", import.meta.url), "utf8"));

function answer(read) {
  try {
    return read();
  } catch (error) {
    if (error instanceof NotationError) return { refused: error.message };
    throw error;
  }
}

/** The tiles after `letters` from a square position, by the game's rules; null when a move cannot be made. */
function played({ n, tiles }, letters) {
  if (n === undefined) return "rectangle";   // the game's rules take n x n boards only
  return positionsAlong(tiles, n, letters)?.at(-1).tiles ?? null;
}

process.stdout.write(JSON.stringify({
  positions: CASES.positions.map(({ text }) => answer(() => ({ parsed: parsePosition(text) }))),
  moves: CASES.moves.map(({ text, convention }) => answer(() => ({ letters: parseMoves(text, convention) }))),
  notation: CASES.notation.map(({ letters, convention }) => toNotation(letters, convention)),
  written: CASES.written.map(({ tiles, width }) => ({ position: positionText(tiles, width), board: boardText(tiles, width) })),
  solutions: CASES.solutions.map(({ scramble, solution }) => {
    const position = parsePosition(scramble), letters = parseMoves(solution);
    const after = played(position, letters);
    return { parsed: position, letters, written: toNotation(letters), solved: after === "rectangle" ? null : JSON.stringify(after) === JSON.stringify(goalTiles(position.n)) };
  }),
  applied: CASES.applied.map(({ start, moves }) => played(parsePosition(start), parseMoves(moves))),
}));
