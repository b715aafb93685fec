// game-core.js -- the sliding board as plain data: no DOM, no timers.
//
// Tiles are an array of n*n numbers, row-major, 0 for the blank.  The only rule of the puzzle the page
// knows is "a tile next to the blank (or a line of tiles between a clicked tile and the blank) slides
// into it"; solvability of a shared board and the deal before the solver is up use the same parity
// invariant as board.py (permutation parity + blank row + blank column, compared with the goal's).

export const MIN_SIZE = 3;
export const MAX_SIZE = 7;
export const MAX_MOVES_IN_LINK = 20000;

// Directions are the way a TILE slides.  The tile that slides left is the one right of the blank.
export const DIRS = {
  l: { dr: 0, dc: -1, name: "left" },
  r: { dr: 0, dc: 1, name: "right" },
  u: { dr: -1, dc: 0, name: "up" },
  d: { dr: 1, dc: 0, name: "down" },
};

export function goalTiles(n) {
  const tiles = [];
  for (let i = 1; i < n * n; i++) tiles.push(i);
  tiles.push(0);
  return tiles;
}

export function sameTiles(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function permutationParity(values) {
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

export function isSolvable(tiles, n, goal = goalTiles(n)) {
  return arrangementParity(tiles, n) === arrangementParity(goal, n);
}

// A uniformly random board among those that can reach `goal`: shuffle uniformly, and if the shuffle is
// unsolvable swap its first two tiles (not the blank) -- a bijection between the two halves, exactly
// as board.random_board does.  `random(k)` returns an integer in [0, k).
export function dealTiles(n, goal = goalTiles(n), random = cryptoRandomInt) {
  const tiles = [];
  for (let i = 0; i < n * n; i++) tiles.push(i);
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

export function cryptoRandomInt(k) {
  // Rejection sampling, so every value is equally likely.
  const limit = Math.floor(0x100000000 / k) * k;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % k;
  }
}

// The tile that slides in direction `dir` (one of DIRS' keys), or -1: it sits on the other side of the blank.
export function cellForDir(tiles, n, dir) {
  const d = DIRS[dir];
  if (!d) return -1;
  const blank = tiles.indexOf(0);
  const r = Math.floor(blank / n) - d.dr;
  const c = (blank % n) - d.dc;
  if (r < 0 || r >= n || c < 0 || c >= n) return -1;
  return r * n + c;
}

// The single-tile moves (direction letters) that slide the tile on `cell` and those between it and the
// blank into the blank, or null when the cell is not in the blank's row or column (or is the blank).
export function slidesFor(tiles, n, cell) {
  const blank = tiles.indexOf(0);
  if (cell < 0 || cell >= tiles.length || cell === blank) return null;
  const br = Math.floor(blank / n), bc = blank % n, r = Math.floor(cell / n), c = cell % n;
  let dir, count;
  if (r === br) { dir = c > bc ? "l" : "r"; count = Math.abs(c - bc); }
  else if (c === bc) { dir = r > br ? "u" : "d"; count = Math.abs(r - br); }
  else return null;
  return dir.repeat(count);
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

export function applyMoves(tiles, n, moves) {
  let cur = tiles;
  for (const m of moves) {
    const step = applyMove(cur, n, m);
    if (!step) return null;
    cur = step.tiles;
  }
  return cur;
}

export const OPPOSITE = { l: "r", r: "l", u: "d", d: "u" };

// The direction letter in which `tile` slides into the blank, or null when it is not next to the blank.
export function dirOfTile(tiles, n, tile) {
  for (const dir of "lrud") {
    const cell = cellForDir(tiles, n, dir);
    if (cell >= 0 && tiles[cell] === tile) return dir;
  }
  return null;
}

// ---- share fragment: play=N:t,t,...[&goal=t,t,...][&moves=lrud...] -----------------------------

export class FragmentError extends Error {}

function parseTileList(text, n, what) {
  if (!/^\d{1,3}(,\d{1,3})*$/.test(text)) throw new FragmentError(`the ${what} must be numbers separated by commas`);
  const tiles = text.split(",").map(Number);
  if (tiles.length !== n * n) throw new FragmentError(`a ${n}x${n} ${what} needs ${n * n} tiles, not ${tiles.length}`);
  const seen = new Set();
  for (const t of tiles) {
    if (t >= n * n) throw new FragmentError(`tile ${t} is out of range for a ${n}x${n} ${what}`);
    if (seen.has(t)) throw new FragmentError(`tile ${t} appears twice in the ${what}`);
    seen.add(t);
  }
  return tiles;
}

// Parse the part after "#": returns {n, start, goal, moves} (moves: string of direction letters), or
// throws FragmentError with a short sentence.  Does not touch the DOM; never evaluates anything.
export function parsePlayFragment(fragment) {
  let text = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  try { text = decodeURIComponent(text); } catch { throw new FragmentError("the link is not valid text"); }
  if (text.length > MAX_MOVES_IN_LINK + 1000) throw new FragmentError("the link is too long");
  const parts = text.split("&");
  const fields = new Map();
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq < 0) throw new FragmentError("the link has a part without '='");
    const key = part.slice(0, eq), value = part.slice(eq + 1);
    if (!["play", "goal", "moves"].includes(key)) throw new FragmentError("the link has an unknown part");
    if (fields.has(key)) throw new FragmentError(`the link repeats '${key}'`);
    fields.set(key, value);
  }
  const play = fields.get("play");
  if (play === undefined) throw new FragmentError("the link has no board");
  const m = /^(\d{1,2}):(.*)$/.exec(play);
  if (!m) throw new FragmentError("the board must be a size, a colon, then the tiles");
  const n = Number(m[1]);
  if (n < MIN_SIZE || n > MAX_SIZE) throw new FragmentError(`boards from ${MIN_SIZE}x${MIN_SIZE} to ${MAX_SIZE}x${MAX_SIZE} can be played, not ${n}x${n}`);
  const start = parseTileList(m[2], n, "board");
  const goal = fields.has("goal") ? parseTileList(fields.get("goal"), n, "goal") : goalTiles(n);
  if (!isSolvable(start, n, goal)) throw new FragmentError("this board cannot reach its goal (the tiles' parity does not match)");
  const moves = fields.get("moves") || "";
  if (!/^[lrud]*$/.test(moves)) throw new FragmentError("the moves must be letters l, r, u and d");
  if (moves.length > MAX_MOVES_IN_LINK) throw new FragmentError("the link has too many moves");
  if (!applyMoves(start, n, moves)) throw new FragmentError("the link's moves cannot be played on its board");
  return { n, start, goal, moves };
}

export function playFragment({ n, start, goal, moves }) {
  let text = `play=${n}:${start.join(",")}`;
  if (goal && !sameTiles(goal, goalTiles(n))) text += `&goal=${goal.join(",")}`;
  if (moves) text += `&moves=${moves}`;
  return text;
}
