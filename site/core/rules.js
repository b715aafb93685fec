// core/rules.js -- the rules the page needs before Python has booted, as plain data: no DOM, no timers.
//
// Tiles are an array of n*n numbers, row-major, 0 for the blank; a W x H rectangle's are W*H numbers, and its `n`
// is its width, W tiles to a row (a function given the tiles reads the height from their count, one not given
// them takes the height as an argument, n when left out).  Two rules are mirrored from the engine
// (pysrc/puzzlesolver), and tests/parity holds both copies to the same cases:
// * a move slides the tile next to the blank into it (board.py's neighbors);
// * a board can reach its goal when permutation parity + blank row + blank column has the goal's parity
//   (board.py's is_solvable).
// And the words for a shape the engine refuses (board.py's check_side) are mirrored here once: shapeRefusal.
// The share links are read in links.js, the messages worded in messages.js (both here in core/).

// The game plays every W x H board with sides MIN_SIDE to MAX_SIDE (the engine's: board.py check_side, grid.MAX_SIDE);
// its size menu lists the squares among them.  Daily puzzles come in the squares DAILY_SIZES only.
export const MIN_SIDE = 2;
export const MAX_SIDE = 20;
export const DAILY_SIZES = { min: 3, max: 7 };

/** board.py check_side's sentence for a W x H shape with a side outside MIN_SIDE to MAX_SIDE, or null when it has
 *  none.  The sides may be BigInts (a link's, read as written), both of one kind. */
export function shapeRefusal(width, height = width) {
  if (width < MIN_SIDE || height < MIN_SIDE) {
    if (width === height) return `A board needs at least 2 rows and 2 columns, not ${width}.`;
    return `A board needs at least 2 rows and 2 columns; this one is ${width}x${height}.`;
  }
  if (width <= MAX_SIDE && height <= MAX_SIDE) return null;
  const each = width === height ? "" : ` (each side ${MIN_SIDE} to ${MAX_SIDE})`;
  return `Boards up to ${MAX_SIDE}x${MAX_SIDE} are supported${each}; this board is ${width}x${height}.`;
}

// Directions are the way a TILE slides.  The tile that slides left is the one right of the blank.
export const DIRS = {
  l: { dr: 0, dc: -1, name: "left" },
  r: { dr: 0, dc: 1, name: "right" },
  u: { dr: -1, dc: 0, name: "up" },
  d: { dr: 1, dc: 0, name: "down" },
};
/** The way back: each direction's opposite (also the way the blank moves when a tile slides). */
export const OPPOSITE = { l: "r", r: "l", u: "d", d: "u" };

/** The usual goal: 1, 2, ... then the blank, of an n x n board (or n wide and `height` high). */
export function goalTiles(n, height = n) {
  const tiles = [];
  for (let i = 1; i < n * height; i++) tiles.push(i);
  tiles.push(0);
  return tiles;
}

export function sameTiles(a, b) {
  return a.length === b.length && a.every((tile, i) => tile === b[i]);
}

// ---- parity ------------------------------------------------------------------------------------

function permutationParity(values) {
  const seen = new Uint8Array(values.length);
  let transpositions = 0;
  for (let start = 0; start < values.length; start++) {
    if (seen[start]) continue;
    let length = 0;
    for (let i = start; !seen[i]; i = values[i]) { seen[i] = 1; length++; }
    transpositions += length - 1;
  }
  return transpositions & 1;
}

function arrangementParity(tiles, n) {
  const blank = tiles.indexOf(0);
  return (permutationParity(tiles) + Math.floor(blank / n) + (blank % n)) & 1;
}

export function isSolvable(tiles, n, goal = goalTiles(n, tiles.length / n)) {
  return arrangementParity(tiles, n) === arrangementParity(goal, n);
}

// A uniformly random board among those that can reach `goal`: shuffle uniformly, and if the shuffle is
// unsolvable swap its first two tiles (not the blank) -- a bijection between the two halves, exactly
// as board.random_board does.  `random(k)` returns an integer in [0, k); the goal's size is the board's
// (n wide: a W x H board's goal is goalTiles(W, H)).
export function dealTiles(n, goal = goalTiles(n), random = cryptoRandomInt) {
  const tiles = [];
  for (let i = 0; i < goal.length; i++) tiles.push(i);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  if (!isSolvable(tiles, n, goal)) {
    const [a, b] = tiles.map((t, i) => (t ? i : -1)).filter((i) => i >= 0);
    [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
  }
  return tiles;
}

function cryptoRandomInt(k) {
  // Rejection sampling, so every value is equally likely.
  const limit = Math.floor(0x100000000 / k) * k;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % k;
  }
}

// ---- moves -------------------------------------------------------------------------------------

// The cell of the tile that slides in direction `dir` (one of DIRS' keys), or -1: it sits on the other
// side of the blank.
export function cellForDir(tiles, n, dir) {
  const d = DIRS[dir];
  if (!d) return -1;
  const blank = tiles.indexOf(0);
  const r = Math.floor(blank / n) - d.dr;
  const c = (blank % n) - d.dc;
  if (r < 0 || r >= tiles.length / n || c < 0 || c >= n) return -1;
  return r * n + c;
}

// The single-tile moves (direction letters) that slide the tile on `cell` and those between it and the
// blank into the blank, or null when the cell is not in the blank's row or column (or is the blank).
export function slidesFor(tiles, n, cell) {
  const blank = tiles.indexOf(0);
  if (cell < 0 || cell >= tiles.length || cell === blank) return null;
  const br = Math.floor(blank / n), bc = blank % n, r = Math.floor(cell / n), c = cell % n;
  if (r === br) return (c > bc ? "l" : "r").repeat(Math.abs(c - bc));
  if (c === bc) return (r > br ? "u" : "d").repeat(Math.abs(r - br));
  return null;
}

// Apply one single-tile move; returns {tiles, tile, from, to} or null if illegal.
export function applyMove(tiles, n, dir) {
  const from = cellForDir(tiles, n, dir);
  if (from < 0) return null;
  const to = tiles.indexOf(0);
  const next = tiles.slice();
  next[to] = tiles[from];
  next[from] = 0;
  return { tiles: next, tile: tiles[from], from, to };
}

// Every position along `moves`: [{tiles, tile}], the start first (tile null), then one per move with the
// tile that slid; null when a move cannot be played.
export function positionsAlong(tiles, n, moves) {
  const positions = [{ tiles, tile: null }];
  for (const dir of moves) {
    const step = applyMove(positions.at(-1).tiles, n, dir);
    if (!step) return null;
    positions.push({ tiles: step.tiles, tile: step.tile });
  }
  return positions;
}

export function inverseMoves(moves) {
  return [...moves].reverse().map((dir) => OPPOSITE[dir]).join("");
}

// The direction letters of a solver's answer, which lists the blank's cell after each move: the tile
// that slides moves the other way.  Null when a step is not a move (on a board n wide and `height` high).
export function movesAlongBlankPath(n, blank, blankPath, height = n) {
  let moves = "";
  for (const cell of blankPath) {
    const dir = cell === blank + 1 && cell % n ? "l" : cell === blank - 1 && blank % n ? "r"
      : cell === blank + n ? "u" : cell === blank - n ? "d" : null;
    if (!dir || cell < 0 || cell >= n * height) return null;
    moves += dir;
    blank = cell;
  }
  return moves;
}
