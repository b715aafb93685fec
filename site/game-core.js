// game-core.js -- the rules the page needs before Python has booted, as plain data: no DOM, no timers.
//
// Tiles are an array of n*n numbers, row-major, 0 for the blank.  Three rules are mirrored from the engine
// (pysrc/puzzlesolver), and tests/parity holds both copies to the same cases:
// * a move slides the tile next to the blank into it (board.py's neighbors);
// * a board can reach its goal when permutation parity + blank row + blank column has the goal's parity
//   (board.py's is_solvable);
// * the share-link grammar (formats.py's parse_fragment, board_fragment, word_fragment), plus the game's
//   own kind, "play":
//     board=N:t,t,...[&goal=[N:]t,t,...][&h=NAME]    a board for the solver
//     words=START,GOAL[&dict=common|large]           a word ladder
//     play=N:t,t,...[&goal=t,t,...][&moves=lrud...]  a game: its starting board and the tiles' slides

export const MIN_SIZE = 3;   // sizes the game plays
export const MAX_SIZE = 7;
export const MAX_MOVES_IN_LINK = 20000;
export const DICTIONARY_NAMES = ["common", "large"];

// Directions are the way a TILE slides.  The tile that slides left is the one right of the blank.
export const DIRS = {
  l: { dr: 0, dc: -1, name: "left" },
  r: { dr: 0, dc: 1, name: "right" },
  u: { dr: -1, dc: 0, name: "up" },
  d: { dr: 1, dc: 0, name: "down" },
};
const OPPOSITE = { l: "r", r: "l", u: "d", d: "u" };

export function goalTiles(n) {
  const tiles = [];
  for (let i = 1; i < n * n; i++) tiles.push(i);
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
  if (r < 0 || r >= n || c < 0 || c >= n) return -1;
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
// that slides moves the other way.  Null when a step is not a move.
export function movesAlongBlankPath(n, blank, blankPath) {
  let moves = "";
  for (const cell of blankPath) {
    const dir = cell === blank + 1 && cell % n ? "l" : cell === blank - 1 && blank % n ? "r"
      : cell === blank + n ? "u" : cell === blank - n ? "d" : null;
    if (!dir || cell < 0 || cell >= n * n) return null;
    moves += dir;
    blank = cell;
  }
  return moves;
}

// ---- share links -------------------------------------------------------------------------------

export class FragmentError extends Error {}

const INTEGER = /^[+-]?[0-9]+$/;
const NAME = /^[a-z][a-z0-9_-]*$/;
// grid.MAX_SIDE: the largest board the engine takes; longer numbers than this many digits are refused at once.
export const MAX_SIDE = 20;
const MAX_DIGITS = 7;
const KINDS = ["board", "words", "play"];  // the first present names the puzzle, as in parse_fragment
// A game is a record of play: every part must be one the game knows, once.  Board and word links ignore
// unknown parts (and take the last of a repeated one), so that newer links still open.
const PLAY_PARTS = ["play", "goal", "moves"];

function refuse(clause) {
  throw new FragmentError(sentence(clause));
}

/**
 * A message as the page shows every message: one capitalised sentence with its full stop, made from a
 * clause or a sentence (as the engine's messages are), with optional advice after a semicolon.
 */
export function sentence(text, advice = "") {
  const clause = [String(text || "").trim().replace(/\.$/, ""), advice].filter(Boolean).join("; ");
  return clause && `${clause[0].toUpperCase()}${clause.slice(1)}.`;
}

/** A sentence as the clause after a colon or a semicolon. */
export const lowerFirst = (text) => text && text[0].toLowerCase() + text.slice(1);

/** The sentence a refused link gets, e.g. "This link could not be opened, so here is a fresh board instead: a 3x3 board needs 9 tiles, not 3." */
export function refusal(reason, instead = "") {
  return sentence(`This link could not be opened${instead ? `, so ${instead}` : ""}: ${lowerFirst(reason)}`);
}

// Python's repr() of a string cut to about 40 characters, as the engine's messages quote values
// (formats.quoted).
export function quoted(text, limit = 40) {
  if (text.length > limit) text = text.slice(0, limit - 3) + "...";
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/\\/g, "\\\\").replaceAll(quote, `\\${quote}`).replace(/[\x00-\x1f\x7f]/g, (c) =>
    ({ "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c] || `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return quote + escaped + quote;
}

// urllib.parse.unquote: %XX runs decoded as UTF-8, bad bytes replaced, anything else left as it is.
function unquote(text) {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
    new TextDecoder().decode(Uint8Array.from(run.slice(1).split("%"), (hex) => parseInt(hex, 16))));
}

// urllib.parse.quote: like encodeURIComponent, but "/" stays and !'()* are escaped.
function quote(text) {
  return encodeURIComponent(text).replace(/%2F/g, "/")
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

// The link's parts as [key, value] (value null for a part without "="), keys lower-case, both decoded.
function linkParts(fragment) {
  return fragment.replace(/^#+/, "").split("&").filter(Boolean).map((part) => {
    const eq = part.indexOf("=");
    const key = unquote(eq < 0 ? part : part.slice(0, eq));
    return [key.trim().toLowerCase(), eq < 0 ? null : unquote(part.slice(eq + 1)).trim(), key];
  });
}

/** Which puzzle a link describes ("board", "words", "play"), or null; never throws. */
export function fragmentKind(fragment) {
  const keys = linkParts(fragment).filter(([, value]) => value !== null).map(([key]) => key);
  return KINDS.find((kind) => keys.includes(kind)) || null;
}

/**
 * Read a share link (with or without "#") the way formats.parse_fragment does:
 *   {kind: "board", n, tiles, goal (null: the usual one), heuristic (null: the default)}
 *   {kind: "words", start, goal, dictionary}
 *   {kind: "play", n, tiles, goal (null: the usual one), moves}
 * or throw a FragmentError whose message is one sentence.  Parsing only: nothing is evaluated.
 */
export function parseFragment(fragment) {
  const parts = linkParts(fragment);
  const fields = new Map();
  for (const [key, value, raw] of parts) {
    if (value === null) refuse(`the link part ${quoted(raw)} has no '=' and value`);
    fields.set(key, value);
  }
  const kind = KINDS.find((k) => fields.has(k));
  if (kind === "board") return boardFromFields(fields);
  if (kind === "words") return wordsFromFields(fields);
  if (kind === "play") return playFromFields(fields, parts.map(([key]) => key));
  refuse("the link describes no puzzle: it needs 'board=...', 'words=...' or 'play=...'");
}

// A whole number short enough to be a tile or a size (formats._number); `sentence(word, problem)` words the refusal.
function number(item, sentence) {
  if (!INTEGER.test(item)) refuse(sentence(quoted(item), "is not a whole number"));
  if (item.length > MAX_DIGITS) refuse(sentence(quoted(item), "is far too large"));
  return BigInt(item);
}

function numbersIn(text, what) {
  return text.split(",").map((item) => number(item.trim(), (word, problem) => `${word} in the ${what} ${problem}`));
}

// board.validate_tiles: each of 0..n*n-1 exactly once.  Sizes and tiles are BigInts until checked, so
// that a huge number in a link is reported as written.
function validTiles(values, n, what) {
  const cells = n * n;
  if (BigInt(values.length) !== cells) refuse(`a ${n}x${n} ${what} needs ${cells} tiles, not ${values.length}`);
  const seen = new Set();
  for (const tile of values) {
    if (tile < 0n || tile >= cells) refuse(`tile ${tile} is out of range: a ${n}x${n} ${what} uses 0 to ${cells - 1n}`);
    if (seen.has(tile)) refuse(`tile ${tile} appears twice in the ${what}`);
    seen.add(tile);
  }
  return values.map(Number);
}

// The board and goal of a board or play link: {n, tiles, goal}; `sizes` limits n further.
function boardFromText(text, goalText, sizes = null) {
  const colon = text.indexOf(":");
  if (colon < 0) refuse("the board in the link must look like 'board=3:8,1,3,4,0,2,7,6,5'");
  const size = text.slice(0, colon).trim();
  const n = number(size, (word, problem) => `the board size ${word} in the link ${problem}`);
  if (n < 2n) refuse(`the board size must be at least 2, not ${n}`);
  if (sizes && (n < sizes.min || n > sizes.max)) {
    refuse(`boards from ${sizes.min}x${sizes.min} to ${sizes.max}x${sizes.max} can be played, not ${n}x${n}`);
  }
  if (n > BigInt(MAX_SIDE)) refuse(`boards up to ${MAX_SIDE}x${MAX_SIDE} are supported; this one is ${n}x${n}`);
  const tiles = numbersIn(text.slice(colon + 1), "board");
  let goal = null;
  if (goalText) {
    const goalColon = goalText.indexOf(":");
    if (goalColon >= 0) {
      const goalSize = goalText.slice(0, goalColon).trim();
      if (goalSize !== String(n)) refuse(`the goal is ${goalSize} wide but the board is ${n}`);
    }
    goal = numbersIn(goalText.slice(goalColon + 1), "goal");
  }
  return { n: Number(n), tiles: validTiles(tiles, n, "board"), goal: goal && validTiles(goal, n, "goal") };
}

function boardFromFields(fields) {
  const { n, tiles, goal } = boardFromText(fields.get("board"), fields.get("goal"));
  const heuristic = fields.get("h") || null;
  if (heuristic !== null && !NAME.test(heuristic)) refuse(`${quoted(heuristic)} is not a heuristic name`);
  return { kind: "board", n, tiles, goal, heuristic };
}

function wordsFromFields(fields) {
  const words = fields.get("words").split(",").map((word) => word.trim().toLowerCase());
  if (words.length !== 2 || !words.every(Boolean)) refuse("the word ladder in the link must look like 'words=horse,nurse'");
  const dictionary = fields.get("dict") || "common";
  if (!DICTIONARY_NAMES.includes(dictionary)) {
    refuse(`unknown dictionary ${quoted(dictionary)}: choose ${DICTIONARY_NAMES.join(" or ")}`);
  }
  return { kind: "words", start: words[0], goal: words[1], dictionary };
}

function playFromFields(fields, keys) {
  const unknown = keys.find((key) => !PLAY_PARTS.includes(key));
  if (unknown !== undefined) refuse(`the game link has an unknown part, ${quoted(unknown)}`);
  const repeated = keys.find((key, i) => keys.indexOf(key) !== i);
  if (repeated !== undefined) refuse(`the game link repeats ${quoted(repeated)}`);
  const { n, tiles, goal } = boardFromText(fields.get("play"), fields.get("goal"), { min: BigInt(MIN_SIZE), max: BigInt(MAX_SIZE) });
  if (!isSolvable(tiles, n, goal || goalTiles(n))) refuse("this board cannot reach its goal: the tiles' parity does not match");
  const moves = fields.get("moves") || "";
  if (!/^[lrud]*$/.test(moves)) refuse("the moves must be letters l, r, u and d");
  if (moves.length > MAX_MOVES_IN_LINK) refuse("the game link has too many moves");
  if (!positionsAlong(tiles, n, moves)) refuse("the game link's moves cannot be played on its board");
  return { kind: "play", n, tiles, goal, moves };
}

function goalPart(n, goal) {
  return goal && !sameTiles(goal, goalTiles(n)) ? `&goal=${goal.join(",")}` : "";
}

/** formats.board_fragment: "board=3:8,1,3,4,0,2,7,6,5", the goal only when unusual, h only when given. */
export function boardFragment({ n, tiles, goal = null, heuristic = null }) {
  return `board=${n}:${tiles.join(",")}${goalPart(n, goal)}${heuristic ? `&h=${heuristic}` : ""}`;
}

/** formats.word_fragment: "words=horse,nurse", "&dict=" unless common. */
export function wordsFragment({ start, goal, dictionary = "common" }) {
  const fragment = `words=${quote(start)},${quote(goal)}`;
  return dictionary === "common" ? fragment : `${fragment}&dict=${quote(dictionary)}`;
}

export function playFragment({ n, tiles, goal = null, moves = "" }) {
  return `play=${n}:${tiles.join(",")}${goalPart(n, goal)}${moves ? `&moves=${moves}` : ""}`;
}
