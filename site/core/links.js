// core/links.js -- the one share-link grammar of the page, and which view each link opens.  No DOM.
//
// Mirrors links.py's parse_fragment, board_fragment and word_fragment (tests/parity holds both to the
// same cases), plus the page's own kinds:
//     board=N:t,t,...[&goal=[N:]t,t,...][&h=NAME]    a board for the solver          -> the Solve view
//     board=WxH:t,t,...[&goal=[WxH:]t,t,...]         a W-wide, H-high board          -> the Solve view
//     words=START,GOAL[&dict=common|large]           a word ladder                   -> the Word ladders view
//     play=N:t,t,...[&goal=t,t,...][&moves=lrud...][&time=MS]
//     play=WxH:t,t,...[...]                          a game (any shape a board link takes): its start,
//                                                    its slides and the time played (ms) -> the Play view
//     daily=YYYY-MM-DD[&n=N]                         that date's daily puzzle        -> the Play view
//     replay=B                                       a solve to watch (core/replay.js) -> the Play view
//     explain=<a board= or words= link>              A* step by step on it           -> the Learn view
//     game | solve | ladders | learn                 a view by its name (no puzzle)
// Parsing only: nothing from a link is evaluated or inserted as HTML.

import { DAILY_SIZES, goalTiles, isSolvable, positionsAlong, sameTiles, shapeRefusal } from "./rules.js";
import { quoted, sentence } from "./messages.js";

export const MAX_MOVES_IN_LINK = 20000;
export const DICTIONARY_NAMES = ["common", "large"];

/** A refused link: its message is one sentence; `size` is the board size the link asked for (a rectangle's
 *  width) and `height` its height (a square's is its size), when the parser had read them before refusing
 *  it, else null (the game, for a game or daily link, and Solve, for a board link, put a fresh board of that
 *  shape in its place when they take that shape). */
export class FragmentError extends Error {
  constructor(message, size = null, height = size) {
    super(message);
    this.size = size;
    this.height = height;
  }
}

const INTEGER = /^[+-]?[0-9]+$/;
const NAME = /^[a-z][a-z0-9_-]*$/;
const MAX_DIGITS = 7;   // longer numbers than this are refused at once
const KINDS = ["board", "words", "play"];  // the first present names the puzzle, as in parse_fragment
// A game is a record of play: every part must be one the game knows, once.  Board and word links ignore
// unknown parts (and take the last of a repeated one), so that newer links still open.
const PLAY_PARTS = ["play", "goal", "moves", "time"];
export const MAX_TIME_IN_LINK = 10 ** 10;   // milliseconds: about 115 days of play

function refuse(clause, size = null, height = size) {
  throw new FragmentError(sentence(clause), size, height);
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
 * Read a share link (with or without "#") the way links.parse_fragment does:
 *   {kind: "board", n, tiles, goal (null: the usual one), heuristic (null: the default)}
 *   {kind: "words", start, goal, dictionary}
 *   {kind: "play", n, tiles, goal (null: the usual one), moves, time (ms played; null when not given)}
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

// A whole number short enough to be a tile or a size (formats.read_number): {value} (a BigInt), or {problem}
// with it.  Never throws.
function readWhole(item) {
  if (!INTEGER.test(item)) return { problem: "is not a whole number" };
  if (item.length > MAX_DIGITS) return { problem: "is far too large" };
  return { value: BigInt(item) };
}

// readWhole's number, or a refusal: `wording(word, problem)` words it, and it carries `shape` (the board's
// [width, height], once read).
function wholeNumber(item, wording, shape = []) {
  const { value, problem } = readWhole(item);
  if (problem) refuse(wording(quoted(item), problem), ...shape);
  return value;
}

function numbersIn(text, what, shape) {
  return text.split(",").map((item) => wholeNumber(item.trim(), (word, problem) => `the value ${word} in the ${what} ${problem}`, shape));
}

// board.validate_tiles: each of 0..W*H-1 exactly once.  Sizes and tiles are BigInts until checked, so
// that a huge number in a link is reported as written.
function validTiles(values, width, height, what) {
  const cells = width * height;
  const shape = `${width}x${height}`;
  const fail = (clause) => refuse(clause, Number(width), Number(height));
  if (BigInt(values.length) !== cells) fail(`a ${shape} ${what} needs ${cells} tiles, not ${values.length}`);
  const seen = new Set();
  for (const tile of values) {
    if (tile < 0n || tile >= cells) fail(`tile ${tile} is out of range: a ${shape} ${what} uses 0 to ${cells - 1n}`);
    if (seen.has(tile)) fail(`tile ${tile} appears twice in the ${what}`);
    seen.add(tile);
  }
  return values.map(Number);
}

// The tiles after a size and its colon ("3:8,1,..."); a size with nothing after it is refused in those terms
// (links._tiles_after), not as an empty value.
function tilesAfter(text, colon, what, shape) {
  const tiles = text.slice(colon + 1);
  if (!tiles.trim()) refuse(`the ${what} in the link lists no tiles after ${quoted(text.slice(0, colon + 1))}`, ...shape);
  return tiles;
}

// A link's size, "3" (a 3x3 board) or "5x3" (5 wide, 3 high), as BigInts [width, height] (links._link_shape).
function linkShape(size) {
  const shape = /^([0-9]{1,7})\s*[xX×]\s*([0-9]{1,7})$/.exec(size);
  if (shape) return [BigInt(shape[1]), BigInt(shape[2])];
  const n = wholeNumber(size, (word, problem) => `the board size ${word} in the link ${problem}`);
  return [n, n];
}

// The board and goal of a board or play link (`kind`): {n (its width), height, tiles, goal}.  Every refusal
// after the size is read carries it (the width and the height).
function boardFromText(text, goalText, { kind = "board" } = {}) {
  const colon = text.indexOf(":");
  const what = kind === "play" ? "game" : "board";
  if (colon < 0) {   // a link cut before its colon (play=3) still names its size
    const { value } = readWhole(text.trim());
    refuse(`the ${what} in the link must look like '${kind}=3:8,1,3,4,0,2,7,6,5'`, value === undefined ? null : Number(value));
  }
  const size = text.slice(0, colon).trim();
  const [n, height] = linkShape(size);
  const read = [Number(n), Number(height)];
  const refusal = shapeRefusal(n, height);   // board.check_side, in its words
  if (refusal) refuse(refusal, ...read);
  const tiles = numbersIn(tilesAfter(text, colon, what, read), "board", read);
  let goal = null;
  if (goalText) {
    const goalColon = goalText.indexOf(":");
    if (goalColon >= 0) {
      const goalShape = goalText.slice(0, goalColon).trim().toLowerCase().slice(0, 12);
      const boardShape = size.toLowerCase().slice(0, 12);
      const wide = (goalShape + boardShape).includes("x") ? "" : " wide";
      if (goalShape !== boardShape) refuse(`the goal is ${goalShape}${wide} but the board is ${boardShape}`, ...read);
    }
    goal = numbersIn(goalColon >= 0 ? tilesAfter(goalText, goalColon, "goal", read) : goalText, "goal", read);
  }
  return { n: read[0], height: read[1], tiles: validTiles(tiles, n, height, "board"),
    goal: goal && validTiles(goal, n, height, "goal") };
}

function boardFromFields(fields) {
  const { n, height, tiles, goal } = boardFromText(fields.get("board"), fields.get("goal"));
  const heuristic = fields.get("h") || null;
  if (heuristic !== null && !NAME.test(heuristic)) refuse(`the heuristic ${quoted(heuristic)} in the link is not a name a heuristic can have`, n, height);
  return { kind: "board", n, height, tiles, goal, heuristic };
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
  const { n, height, tiles, goal } = boardFromText(fields.get("play"), fields.get("goal"), { kind: "play" });
  const shape = [n, height];
  if (!isSolvable(tiles, n, goal || goalTiles(n, height))) refuse("this board cannot reach its goal: the tiles' parity does not match", ...shape);
  const moves = fields.get("moves") || "";
  if (!/^[lrud]*$/.test(moves)) refuse("the moves must be letters l, r, u and d", ...shape);
  if (moves.length > MAX_MOVES_IN_LINK) refuse("the game link has too many moves", ...shape);
  if (!positionsAlong(tiles, n, moves)) refuse("the game link's moves cannot be played on its board", ...shape);
  return { kind: "play", n, height, tiles, goal, moves, time: playTime(fields.get("time"), shape) };
}

// The time a game link says was played, in whole milliseconds (null when the link does not say); a refusal
// carries the board's `shape`.
function playTime(text, shape) {
  if (text === undefined) return null;
  if (!/^[0-9]+$/.test(text)) refuse("the time in the game link must be a whole number of milliseconds", ...shape);
  if (text.length > String(MAX_TIME_IN_LINK).length || Number(text) > MAX_TIME_IN_LINK) refuse("the time in the game link is far too long", ...shape);
  return Number(text);
}

/** The usual goal of a W x H board: 1..W*H-1, then the blank (grid.standard_goal). */
function usualGoal(cells) {
  return [...Array.from({ length: cells - 1 }, (_, i) => i + 1), 0];
}

/** links.board_fragment: "board=3:8,1,3,4,0,2,7,6,5" (a rectangle "board=3x2:1,2,3,4,0,5", width first),
 *  the goal only when unusual, h only when given. */
export function boardFragment({ n, tiles, goal = null, heuristic = null }) {
  const height = tiles.length / n;
  const size = height === n ? String(n) : `${n}x${height}`;
  const goalText = goal && !sameTiles(goal, usualGoal(tiles.length)) ? `&goal=${goal.join(",")}` : "";
  return `board=${size}:${tiles.join(",")}${goalText}${heuristic ? `&h=${heuristic}` : ""}`;
}

/** links.word_fragment: "words=horse,nurse", "&dict=" unless common. */
export function wordsFragment({ start, goal, dictionary = "common" }) {
  const fragment = `words=${quote(start)},${quote(goal)}`;
  return dictionary === "common" ? fragment : `${fragment}&dict=${quote(dictionary)}`;
}

/** "play=3:8,1,3,4,0,2,7,6,5&moves=ul&time=4210" (a rectangle "play=5x3:...", width first, as boardFragment):
 *  the moves only when there are some, the time (ms, rounded down) only when given. */
export function playFragment({ n, tiles, goal = null, moves = "", time = null }) {
  return boardFragment({ n, tiles, goal }).replace("board=", "play=") + (moves ? `&moves=${moves}` : "") +
    (time === null ? "" : `&time=${Math.floor(time)}`);
}

// ---- the page's own links: daily puzzles, step-by-step views, view names ---------------------------

/** "daily=2026-11-23&n=4": that date's daily puzzle of that size. */
export function dailyFragment(n, date) {
  return `daily=${date}&n=${n}`;
}

/** A daily link read: {kind: "daily", date, n (4 when not given)}, or throw FragmentError (with its size). */
export function parseDaily(fragment) {
  const LOOKS = "a daily puzzle's link looks like 'daily=2026-11-23&n=4'";
  const match = /^#?daily=([^&]*)(?:&n=(\d+))?$/.exec(fragment);
  if (!match) refuse(LOOKS);
  const n = Number(match[2] || 4);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(match[1])) refuse(LOOKS, n);
  if (n < DAILY_SIZES.min || n > DAILY_SIZES.max) {
    refuse(`daily puzzles come in ${DAILY_SIZES.min}x${DAILY_SIZES.min} to ${DAILY_SIZES.max}x${DAILY_SIZES.max}, not ${n}x${n}`, n);
  }
  const [year, month, day] = match[1].split("-").map(Number);
  if (month < 1 || month > 12) refuse(`${quoted(match[1])} is not a date: months run from 01 to 12`, n);
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  if (day < 1 || day > days) {
    const name = new Date(Date.UTC(2000, month - 1, 1)).toLocaleString("en", { month: "long", timeZone: "UTC" });
    refuse(`${quoted(match[1])} is not a date: ${name} ${year} has ${days} days`, n);
  }
  return { kind: "daily", date: match[1], n };
}

const isLeapYear = (year) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** "explain=board=3:..." or "explain=words=...": A* step by step on that puzzle. */
export function explainFragment(puzzle) {
  return `explain=${puzzle.kind === "words" ? wordsFragment(puzzle) : boardFragment(puzzle)}`;
}

/** A step-by-step link's puzzle (a board or words link after "explain="), or throw FragmentError. */
export function parseExplain(fragment) {
  const puzzle = parseFragment(fragment.replace(/^#?explain=/, ""));
  if (puzzle.kind !== "board" && puzzle.kind !== "words") refuse("a step-by-step link holds a board= or words= link");
  return puzzle;
}

/** The views, by the names their links use. */
export const VIEWS = ["play", "solve", "ladders", "learn"];
const VIEW_NAMES = { game: "play", play: "play", solve: "solve", ladders: "ladders", learn: "learn", code: "code" };
const VIEW_OF_KIND = { board: "solve", words: "ladders", play: "play", daily: "play", replay: "play", explain: "learn" };

/**
 * Which view a URL fragment opens, and the link it holds: {view, link}; `link` is "" for a view's bare
 * name (#solve) and for no fragment at all, which opens Play.  `view` is null for a fragment that is
 * neither (#content, a skip link's target): the view stays as it is.  Never throws: a broken link is
 * the view's to refuse, in its own words.
 *   route("#board=3:1,2,3,4,5,6,7,0,8")   // {view: "solve", link: "board=3:1,2,3,4,5,6,7,0,8"}
 *   route("#learn")                        // {view: "learn", link: ""}
 */
export function route(hash) {
  const fragment = hash.replace(/^#+/, "");
  if (fragment.toLowerCase() in VIEW_NAMES) return { view: VIEW_NAMES[fragment.toLowerCase()], link: "" };
  const first = fragment.split(/[=&]/)[0].trim().toLowerCase();
  const kind = ["daily", "explain", "replay"].includes(first) ? first : fragmentKind(fragment);
  if (kind) return { view: VIEW_OF_KIND[kind], link: fragment };
  return { view: fragment ? null : "play", link: "" };
}
