// core/replay.js -- a solve as a replay (its board, its moves and when each was made), read from the links
// the speedsolving community shares and written back to them.  No DOM; runs in the page and under Node 20
// (tests/replay); links are packed and unpacked by packing.js (zlib in base64, asynchronous).
//
// A Replay: {width, height, scramble (tiles row-major, 0 the blank), moves (l r u d, the way a TILE moves, as
// rules.js), times (ms after the solve's start, one per move; null for an untimed solution), timeMs, about (who
// solved it, when, its video: replay-about.js; null unless a leaderboard link said)}, with stm, mtm and tps.  Every Replay ends solved: the constructor plays it and refuses it otherwise.
//
// The links read (Slidysim's modules/replayGeneration.js and dphdmn/slidyreplay's replay_generator.py):
// * A Slidysim replay link, https://slidysim.github.io/replay?r=R (any host, ?r= or ?replay=): R is
//   encodeURIComponent(base64(zlib(JSON))).  The JSON is one of two layouts, told apart by length as Slidysim's
//   customReplayCheck does:
//   - a leaderboard replay, 10 elements: [score, solveData, event, tps x1000, width, height, title HTML,
//     video link or -1, tier, is WR].  score = {width, height, time (ms), moves (STM x1000), tps (x1000),
//     gameMode, avglen, ...}; solveData = base64(zlib("solutions;time s;moves;tps;BLD memo;[move times ms]")),
//     an average's or a relay's solves comma-separated (their move-time lists ";"-separated in the brackets).
//     No scramble is stored: it is the solved board with the solution undone (Slidysim's parseScramble).
//     The score's nameFilter, timestamp and videolink (or the title's "Solve by …" and element 7) are the about.
//   - a custom replay, as Slidysim's Share button writes it (shareReplay): [solution, tps x1000, scramble
//     "1 2 3/4 5 6/7 8 0", move times ms or -1].  Without move times Slidysim spaces the moves evenly.
//   A solution is Slidysim's notation (notation.js parseMoves, tile convention): "R3D2L".
// * Our own link, #replay=B: B is base64url(zlib("1;WxH;timeMs;solution;time deltas")), the deltas being each
//   move's ms after the one before (the first after the start); the scramble is undone from the solution too.
//   A replay with an about is written "2;WxH;timeMs;solution;time deltas;by;date;video" (those three escaped).
//
// STM counts every tile moved; MTM counts a slide of several tiles along one line as one move: a run of the
// same letter (slidy's Mtm metric, one per Move, a Move being a direction and an amount -- R3 is one).
// TPS = STM / seconds, the seconds being timeMs, the last move's time: Slidysim's score.time.

import { NotationError, parseMoves, parsePosition, positionText, toNotation } from "./notation.js";
import { OPPOSITE, cellForDir, goalTiles, sameTiles, shapeRefusal } from "./rules.js";
import { lowerFirst, plural } from "./messages.js";
import { PackingError, base64Bytes, bytesBase64, bytesBase64Url, packText, unpackText } from "./packing.js";
import { aboutFields, aboutFromFields, aboutFromLeaderboard, checkedAbout } from "./replay-about.js";

export const SLIDYSIM_REPLAY_URL = "https://slidysim.github.io/replay?r=";
export const MAX_MOVES = 200000;
const MAX_UNPACKED_BYTES = 4 * 1024 * 1024;
const MAX_LINK_CHARS = 2 * 1024 * 1024;
const FRAGMENT_VERSION = "1", FRAGMENT_VERSION_ABOUT = "2";
// The pace Slidysim gives a custom replay that has none (replay.html: makeReplay(..., 15000, ...)).
const SLIDYSIM_DEFAULT_TPS_X1000 = 15000;

/** A replay refused: its message is one sentence. */
export class ReplayError extends Error {}

const DAMAGED = "This replay link is damaged";
const MESSAGES = {
  empty: "Paste a slidysim replay link, a #replay= link or a solution first.",
  aSolution: "This is a solution, not a replay link: give its scramble with it.",
  notALink: "This is not a replay link: paste a slidysim replay link (…/replay?r=…) or a #replay= link.",
  base64: `${DAMAGED}: its data is not base64.`,
  zlib: `${DAMAGED}: its data does not decompress.`,
  shape: `${DAMAGED}: its data is not laid out as a slidysim replay.`,
  ourShape: `${DAMAGED}: its data is not laid out as this page's replays are.`,
  tooLarge: `This replay link is too large to import: it unpacks to over ${MAX_UNPACKED_BYTES / 1024 / 1024} MB.`,
  newer: "This replay link was written by a newer version of this page.",
  noMoves: "This replay has no moves.",
  timesBackwards: `${DAMAGED}: its move times do not run forward.`,
  time: `${DAMAGED}: its time is not a number of milliseconds.`,
};

const fail = (message) => { throw new ReplayError(message); };

// ---- the model ---------------------------------------------------------------------------------

/** The tiles after the first `count` of `moves` from `tiles` on a board `width` tiles wide, and the index of
 *  the first move that cannot be played (-1 when all could).  Which tile slides is rules.js's rule (cellForDir,
 *  the board's height its tiles' count over its width); the tiles are swapped in place, so that a 20x20
 *  replay of 14,000 moves plays in a few milliseconds. */
function play(tiles, width, moves, count = moves.length) {
  const board = Array.from(tiles);
  let blank = board.indexOf(0);
  for (let i = 0; i < count; i++) {
    const from = cellForDir(board, width, moves[i]);
    if (from < 0) return { tiles: board, failedAt: i };
    board[blank] = board[from];
    board[from] = 0;
    blank = from;
  }
  return { tiles: board, failedAt: -1 };
}

const isGoal = (tiles, width) => sameTiles(tiles, goalTiles(width, tiles.length / width));

/** The one sentence for the first move of a solution that cannot be played on a width x height board. */
function unplayable(moves, index, width, height) {
  return `This replay cannot be played on a ${width}x${height} board: move ${index + 1} (${moves[index].toUpperCase()}) has no tile to slide.`;
}

/** The scramble a solution solves: the solved board with the moves undone, last first (Slidysim's
 *  parseScramble); refused when the blank would leave the board. */
function scrambleSolvedBy(moves, width, height) {
  const undo = [...moves].reverse().map((letter) => OPPOSITE[letter]).join("");
  const { tiles, failedAt } = play(goalTiles(width, height), width, undo);
  if (failedAt >= 0) fail(unplayable(moves, moves.length - 1 - failedAt, width, height));
  return tiles;
}

function checkShape(width, height) {
  if (!Number.isInteger(width) || !Number.isInteger(height)) fail(MESSAGES.shape);
  const refusal = shapeRefusal(width, height);
  if (refusal) fail(refusal);
}

/** Move times as whole ms that never run backwards, or a refusal. */
function checkedTimes(times, stm) {
  if (!Array.isArray(times)) fail(MESSAGES.shape);
  if (times.length !== stm) fail(`${DAMAGED}: it has ${plural(times.length, "move time")} for ${plural(stm, "move")}.`);
  const whole = times.map((t) => (typeof t === "number" && Number.isFinite(t) && t >= 0 ? Math.round(t) : NaN));
  if (whole.some((t, i) => !(t >= (i ? whole[i - 1] : 0)))) fail(MESSAGES.timesBackwards);
  return whole;
}

function refusePast(stm) {
  if (stm > MAX_MOVES) fail(`This replay has ${stm.toLocaleString("en")} moves; at most ${MAX_MOVES.toLocaleString("en")} can be imported.`);
}

/** The moves a solution's text counts ("R3" three), refused past MAX_MOVES before they are spelled out: a
 *  small link can hold "R10000" many thousand times. */
function countedMoves(text) {
  let stm = 0;
  for (const [, count] of String(text).matchAll(/[UDLRudlr]([0-9]*)/g)) stm += count === "" ? 1 : Number(count);
  refusePast(stm);
}

/** A solve: a width x height board, the moves that solve it and when each was made.  Throws ReplayError
 *  (one sentence) unless the moves play from the scramble to the solved board. */
export class Replay {
  #mtm = null;

  constructor({ width, height, scramble, moves, times = null, timeMs = null, about = null }) {
    checkShape(width, height);
    if (typeof moves !== "string" || !/^[lrud]*$/.test(moves)) fail(MESSAGES.shape);
    if (!moves.length) fail(MESSAGES.noMoves);
    refusePast(moves.length);
    this.width = width;
    this.height = height;
    this.scramble = Array.from(scramble);
    this.moves = moves;
    this.times = times === null ? null : checkedTimes(times, moves.length);
    this.timeMs = timeMs ?? this.times?.at(-1) ?? null;
    if (this.timeMs !== null && !(Number.isInteger(this.timeMs) && this.timeMs >= 0)) fail(MESSAGES.time);
    if (this.scramble.length !== width * height) fail(MESSAGES.shape);
    const { tiles, failedAt } = play(this.scramble, width, moves);
    if (failedAt >= 0) fail(unplayable(moves, failedAt, width, height));
    if (!isGoal(tiles, width)) fail(`This solution does not solve its scramble: after its ${plural(moves.length, "move")} the board is not in order.`);
    Object.freeze(this.scramble);
    if (this.times) Object.freeze(this.times);
    this.about = checkedAbout(about);
  }

  /** Single-tile moves: every tile moved counts one. */
  get stm() {
    return this.moves.length;
  }

  /** Multi-tile moves: a run of moves the same way (tiles of one line sliding together) counts one. */
  get mtm() {
    if (this.#mtm === null) {
      let runs = 0;
      for (let i = 0; i < this.moves.length; i++) if (this.moves[i] !== this.moves[i - 1]) runs++;
      this.#mtm = runs;
    }
    return this.#mtm;
  }

  /** Tiles per second (STM / seconds), or null when the replay has no time (or took none). */
  get tps() {
    return this.timeMs ? (this.stm * 1000) / this.timeMs : null;
  }
}

/** The tiles after the first `count` moves of the replay (all of them by default). */
export function positionAfter(replay, count = replay.stm) {
  return play(replay.scramble, replay.width, replay.moves, Math.min(count, replay.stm)).tiles;
}

/** Whether the replay's moves take its scramble to the solved board (every Replay's do). */
export function isSolved(replay) {
  return isGoal(positionAfter(replay), replay.width);
}

/** Times for `stm` moves spread evenly over `timeMs`, the first at 0 and the last at timeMs, as Slidysim
 *  paces a replay that has a TPS but no move times. */
function evenTimes(stm, timeMs) {
  if (stm === 1) return [timeMs];
  return Array.from({ length: stm }, (_, i) => Math.round((i * timeMs) / (stm - 1)));
}

// ---- packed text -----------------------------------------------------------------------------------

const PACKING_REFUSALS = { base64: MESSAGES.base64, zlib: MESSAGES.zlib, utf8: MESSAGES.shape, size: MESSAGES.tooLarge };

/** A new task: the page may draw and answer input before the import goes on.  Awaiting a promise is not
 *  enough (Chromium's DecompressionStream can answer in the same task, so a whole import ran as one). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** base64 text of zlib data -> the text it packs, in a task of its own; refused in one sentence. */
async function unpack(text) {
  let unpacked;
  try {
    unpacked = await unpackText(base64Bytes(text), MAX_UNPACKED_BYTES);
  } catch (error) {
    if (error instanceof PackingError) fail(PACKING_REFUSALS[error.kind]);
    throw error;
  }
  await nextTask();
  return unpacked;
}

// ---- reading links -------------------------------------------------------------------------------

/** %XX escapes decoded (twice-encoded links too, as Slidysim decodes after URLSearchParams); a "+" that a
 *  form turned into a space is a "+" again. */
function unescaped(value) {
  let text = value;
  for (let pass = 0; pass < 2 && /%[0-9A-Fa-f]{2}/.test(text); pass++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      fail(MESSAGES.base64);
    }
  }
  return text.replace(/ /g, "+");
}

/** The solution's letters, or a refusal naming the link as damaged. */
function solutionMoves(solution) {
  if (typeof solution !== "string") fail(MESSAGES.shape);
  countedMoves(solution);
  try {
    return parseMoves(solution);
  } catch (error) {
    if (error instanceof NotationError) fail(`${DAMAGED}: ${lowerFirst(error.message)}`);
    throw error;
  }
}

/** A leaderboard replay's solve data: "solutions;time;moves;tps;memo;[move times]". */
function readSolveData(text) {
  const open = text.indexOf("[");
  const close = text.lastIndexOf("]");
  const fields = (open >= 0 ? text.slice(0, open) : text).split(";");
  const solutions = fields[0].split(",").filter(Boolean);
  if (solutions.length > 1) fail(`This replay holds ${solutions.length} solves (an average or a relay); only a single solve can be imported.`);
  let times = null;
  const list = open >= 0 && close > open ? text.slice(open + 1, close).trim() : "";
  if (list) {
    times = list.split(",").map(Number);
    if (list.includes(";") || times.some(Number.isNaN)) fail(MESSAGES.shape);
  }
  return { solution: solutions[0] ?? "", seconds: Number(fields[1]), times };
}

async function leaderboardReplay([score, solveData, , , , , title, video]) {
  if (!score || typeof score !== "object" || typeof solveData !== "string") fail(MESSAGES.shape);
  const { width, height } = score;
  checkShape(width, height);
  const { solution, seconds, times: listed } = readSolveData(await unpack(solveData));
  const moves = solutionMoves(solution);
  if (!moves.length) fail(MESSAGES.noMoves);
  // Slidysim reads a list of one time as none (readSolveData), unless the solve was one move.
  const times = listed && (listed.length > 1 || moves.length === 1) ? listed : null;
  const timeMs = Number.isFinite(score.time) && score.time >= 0 ? Math.round(score.time)
    : Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
  await nextTask();
  const scramble = scrambleSolvedBy(moves, width, height);
  await nextTask();
  return new Replay({ width, height, scramble, moves, times: times ?? (timeMs === null ? null : evenTimes(moves.length, timeMs)), timeMs,
    about: aboutFromLeaderboard(score, title, video) });
}

function customReplay([solution, tpsX1000, scrambleText, moveTimes]) {
  if (typeof solution !== "string" || typeof scrambleText !== "string") fail(MESSAGES.shape);
  const solve = readSolution(solution, scrambleText, "tile", `${DAMAGED}: `);
  let times = Array.isArray(moveTimes) ? moveTimes : null;
  if (!times) {
    if (!(typeof tpsX1000 === "number" && tpsX1000 > 0)) fail(MESSAGES.shape);
    times = evenTimes(solve.moves.length, Math.round((solve.moves.length * 1e6) / tpsX1000));
  }
  return new Replay({ ...solve, times });
}

async function slidysimReplay(value) {
  let data;
  const text = await unpack(unescaped(value));
  try {
    data = JSON.parse(text);
  } catch {
    fail(MESSAGES.shape);
  }
  if (!Array.isArray(data) || data.length < 3) fail(MESSAGES.shape);
  await nextTask();
  return data.length >= 10 ? leaderboardReplay(data) : customReplay(data);
}

async function fragmentReplay(value) {
  const fields = (await unpack(unescaped(value))).split(";");
  const withAbout = fields[0] === FRAGMENT_VERSION_ABOUT;
  if (fields[0] !== FRAGMENT_VERSION && !withAbout) fail(/^[0-9]+$/.test(fields[0]) ? MESSAGES.newer : MESSAGES.ourShape);
  if (fields.length !== (withAbout ? 8 : 5)) fail(MESSAGES.ourShape);
  const [, shape, time, solution, deltas] = fields;
  const size = shape.match(/^([0-9]{1,4})x([0-9]{1,4})$/);
  if (!size) fail(MESSAGES.ourShape);
  const [width, height] = [Number(size[1]), Number(size[2])];
  checkShape(width, height);
  const moves = solutionMoves(solution);
  if (!moves.length) fail(MESSAGES.noMoves);
  if (!/^([0-9]+(,[0-9]+)*)?$/.test(deltas) || !/^[0-9]*$/.test(time)) fail(MESSAGES.ourShape);
  let times = null;
  if (deltas) {
    let at = 0;
    times = deltas.split(",").map((delta) => (at += Number(delta)));
  }
  await nextTask();
  const scramble = scrambleSolvedBy(moves, width, height);
  await nextTask();
  return new Replay({ width, height, scramble, moves, times, timeMs: time === "" ? null : Number(time),
    about: withAbout ? aboutFromFields(fields.slice(5)) : null });
}

/**
 * A replay from a pasted link: a Slidysim replay URL (any host; its r= value), the r= value alone, or our
 * #replay= link (the whole address, "#replay=..." or "replay=...").  Decompression is asynchronous, the rest
 * linear in the moves and cut into tasks, so that a 20x20 world record of 14,000 moves does not hold the page.
 * Throws ReplayError with one sentence.
 */
export async function parseReplayLink(text) {
  const input = String(text ?? "").trim();
  if (!input) fail(MESSAGES.empty);
  if (input.length > MAX_LINK_CHARS) fail(MESSAGES.tooLarge);
  const ours = input.match(/(?:#|^)replay=([^&#\s]*)/);
  if (ours) return fragmentReplay(ours[1]);
  const query = input.match(/[?&](?:r|replay)=([^&#\s]*)/);
  if (query) return slidysimReplay(query[1]);
  if (/^([UDLRudlr][0-9]*[\s,]*)+$/.test(input)) fail(MESSAGES.aSolution);
  if (/^[A-Za-z0-9+/=%_-]+$/.test(input)) return slidysimReplay(input);
  return fail(MESSAGES.notALink);
}

/**
 * A replay from a solution (Slidysim's notation, in the given convention) and its scramble ("1 2 3/4 5 6/7 8 0",
 * any W x H from 2 to 20 a side).  Untimed unless `timeMs` is given (the moves then spread evenly over it).
 * Throws ReplayError with one sentence: a bad position or move string in notation.js's words.
 */
export function parseSolutionWithScramble(solutionText, scrambleText, { convention = "tile", timeMs = null } = {}) {
  const solve = readSolution(solutionText, scrambleText, convention);
  const times = timeMs === null ? null : evenTimes(solve.moves.length, timeMs);
  return new Replay({ ...solve, times, timeMs });
}

/** The engine's sentence for a position text whose shape is outside 2 to 20 a side, or null. */
function shapeOfText(scrambleText) {
  const rows = String(scrambleText).trim().split(/\s*[/\n]\s*/).filter(Boolean);
  return rows.length >= 2 ? shapeRefusal(rows[0].split(/[\s,]+/).length, rows.length) : null;
}

/** {width, height, scramble, moves} from texts; notation.js's refusals prefixed by `prefix` (the shape's
 *  refusal never: it is the engine's sentence). */
function readSolution(solutionText, scrambleText, convention, prefix = "") {
  const refusal = shapeOfText(scrambleText);
  if (refusal) fail(refusal);
  countedMoves(solutionText);
  try {
    const { width, height, tiles } = parsePosition(scrambleText);
    const moves = parseMoves(solutionText, convention);
    if (!moves.length) fail(MESSAGES.noMoves);
    return { width, height, scramble: tiles, moves };
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
    return fail(prefix ? prefix + lowerFirst(error.message) : error.message);
  }
}

// ---- writing links -------------------------------------------------------------------------------

/**
 * The replay as a Slidysim custom-replay link (the layout of Slidysim's own Share button): solution, TPS x1000,
 * scramble and move times.  An untimed replay gets Slidysim's default pace, 15 TPS, and no move times.
 */
export async function slidysimLink(replay) {
  const tpsX1000 = replay.tps ? Math.round(replay.tps * 1000) : SLIDYSIM_DEFAULT_TPS_X1000;
  const data = [toNotation(replay.moves), tpsX1000, positionText(replay.scramble, replay.width), replay.times ?? -1];
  return SLIDYSIM_REPLAY_URL + encodeURIComponent(bytesBase64(await packText(JSON.stringify(data))));
}

/** The replay as our compact link's fragment, "#replay=...": opens offline, whatever the board's size.  Its
 *  about (who, when, the video) goes with it, in the layout of version 2; without one, version 1 (read by every
 *  page since the first). */
export async function replayFragment(replay) {
  const deltas = replay.times ? replay.times.map((t, i) => t - (i ? replay.times[i - 1] : 0)).join(",") : "";
  const solve = [`${replay.width}x${replay.height}`, replay.timeMs ?? "", toNotation(replay.moves), deltas];
  const packed = (replay.about ? [FRAGMENT_VERSION_ABOUT, ...solve, ...aboutFields(replay.about)] : [FRAGMENT_VERSION, ...solve]).join(";");
  return `#replay=${bytesBase64Url(await packText(packed))}`;
}
