// Runs rule cases through site/core/rules.js (the rules) and site/core/links.js (the link grammar) for
// test_rules_parity.py: JSON on stdin, JSON on stdout, each list answered in its own order.
import { readFileSync } from "node:fs";
import * as rules from "../../site/core/rules.js";
import * as links from "../../site/core/links.js";

const core = { ...rules, ...links };

const input = JSON.parse(readFileSync(0, "utf8"));

function parsed(link) {
  try {
    return { parsed: core.parseFragment(link) };
  } catch (error) {
    if (error instanceof core.FragmentError) return { refused: error.message };
    throw error;
  }
}

// (n: tiles to a row, a rectangle's width; its height is the tiles' count over n)
function replayed({ n, tiles, blank_path: blankPath }) {
  const moves = core.movesAlongBlankPath(n, tiles.indexOf(0), blankPath, tiles.length / n);
  return moves === null ? null : core.positionsAlong(tiles, n, moves).map((position) => position.tiles);
}

process.stdout.write(JSON.stringify({
  solvable: input.solvable.map(({ n, tiles, goal }) => (goal ? core.isSolvable(tiles, n, goal) : core.isSolvable(tiles, n))),
  moves: input.moves.map(({ n, tiles, moves }) => core.positionsAlong(tiles, n, moves)?.at(-1).tiles ?? null),
  shapes: input.shapes.map(({ width, height }) => core.shapeRefusal(width, height)),
  blankPaths: input.blank_paths.map(({ n, tiles, blank_path: blankPath }) => core.movesAlongBlankPath(n, tiles.indexOf(0), blankPath)),
  links: input.links.map(({ link }) => parsed(link)),
  written: input.written.map(({ board, words, play }) => (board ? core.boardFragment(board) : play ? core.playFragment(play) : core.wordsFragment(words))),
  replays: input.replays.map(replayed),
}));
