// play/stats-record.js -- the solves kept on this device (localStorage), per board shape "WxH", their export
// and import (JSON and CSV).  No DOM: stats.js is its panel, core/averages.js the numbers.
//
// A solve is {time (ms), stm, mtm (null for solves kept before MTM was), optimal (or null), date (ISO),
// replay? (an id, for later)}; its TPS is derived (core/averages.js).  What is stored:
//   localStorage["puzzlesolver-stats-v2"] = {"version": 2, "shapes": {"4x4": [solve, ...]}}, oldest first;
// the first record ("puzzlesolver-stats-v1", {"sizes": {"4": [{time, moves, optimal, date}]}}) is moved in
// once, its moves as STM.  A stored record that cannot be read, or a solve in it, is never dropped: it is
// set aside under a key of its own ("puzzlesolver-stats-set-aside-<date>") and `notices` says so.
//
//   const stats = new Stats(localStorage);
//   stats.record(4, { time: 61234, stm: 64, mtm: 40, optimal: 48 });   // or "4x3"; or { time, moves: "lluur..." }
//   stats.summary("4x4")   // {solves, time, stm, mtm, tps}: each {single, ao5, ..., ao100} of {best, current}
//   stats.exportJson(); stats.exportCsv(); stats.importText(text)  // -> one sentence saying what happened
//   stats.reset(); stats.notices

import { MEASURES, formatStatNumber, measureSummary, moveCounts, tilesPerSecond } from "../core/averages.js";
import { plural } from "../core/messages.js";
import { setAside } from "./set-aside.js";

const KEY = "puzzlesolver-stats-v2";
const FIRST_KEY = "puzzlesolver-stats-v1";
const SET_ASIDE_PREFIX = "puzzlesolver-stats-set-aside-";
const MAX_SIDE = 20;
const CSV_COLUMNS = ["shape", "date", "time_ms", "stm", "mtm", "tps", "optimal", "replay"];

// ---- shapes and solves ---------------------------------------------------------------------------

/** "WxH" for a square's side n or a "WxH" text; null when it is not a board from 2 to 20 a side. */
export function shapeKey(shape) {
  const match = typeof shape === "number" ? [null, shape, shape] : /^(\d+)x(\d+)$/.exec(String(shape).trim());
  if (!match) return null;
  const [width, height] = [Number(match[1]), Number(match[2])];
  const fits = (side) => Number.isInteger(side) && side >= 2 && side <= MAX_SIDE;
  return fits(width) && fits(height) ? `${width}x${height}` : null;
}

function byShape(a, b) {
  const [wa, ha] = a.split("x").map(Number), [wb, hb] = b.split("x").map(Number);
  return wa - wb || ha - hb;
}

const isCount = (v, least) => Number.isInteger(v) && v >= least;

/**
 * A solve as kept, from what was read (a stored or imported record, a CSV row), or a reason it is refused:
 * {solve} or {refused: "its time is not ..."}.
 */
export function readSolve(raw) {
  if (!raw || typeof raw !== "object") return { refused: "it is not a solve" };
  const time = Number(raw.time), stm = Number(raw.stm ?? raw.moves);
  const mtm = raw.mtm === null || raw.mtm === undefined || raw.mtm === "" ? null : Number(raw.mtm);
  const optimal = raw.optimal === null || raw.optimal === undefined || raw.optimal === "" ? null : Number(raw.optimal);
  if (!isCount(time, 0)) return { refused: "its time is not a whole number of milliseconds" };
  if (!isCount(stm, 1)) return { refused: "its STM is not a whole number above 0" };
  if (mtm !== null && !(isCount(mtm, 1) && mtm <= stm)) return { refused: "its MTM is not a whole number from 1 to its STM" };
  if (optimal !== null && !isCount(optimal, 0)) return { refused: "its optimal move count is not a whole number" };
  if (typeof raw.date !== "string" || Number.isNaN(Date.parse(raw.date))) return { refused: "its date is not a date" };
  const solve = { time, stm, mtm, optimal, date: new Date(raw.date).toISOString() };
  if (raw.replay !== undefined && raw.replay !== null && raw.replay !== "") solve.replay = String(raw.replay);
  return { solve };
}

function sameSolve(a, b) {
  return a.date === b.date && a.time === b.time && a.stm === b.stm;
}

// ---- the record on this device -------------------------------------------------------------------

export class Stats {
  constructor(storage, clock = () => new Date()) {
    this.storage = storage;
    this.clock = clock;
    this.notices = [];   // what happened to the stored record that the player must be told (set aside, not saved)
  }

  /** The record {shapes}, every solve readable: anything unreadable is set aside first (and said). */
  _load() {
    const text = this._get(KEY);
    if (text === null) return this._migrateFirst();
    const shapes = recordField(text, "shapes");
    if (!shapes) {
      if (this._setAside(text, "record")) this._remove(KEY);
      return { shapes: {} };
    }
    const { record, unreadable } = cleanRecord(shapes, (name) => name);
    if (unreadable.length && this._setAside(JSON.stringify({ from: KEY, unreadable }), unreadable.length)) this._save(record);
    return record;
  }

  /** The first record's solves ({sizes: {n: [{time, moves, optimal, date}]}}), moved into this one. */
  _migrateFirst() {
    const text = this._get(FIRST_KEY);
    if (text === null) return { shapes: {} };
    const sizes = recordField(text, "sizes");
    const { record, unreadable } = cleanRecord(sizes ?? {}, (n) => Number(n));
    const keptAside = !sizes ? this._setAside(text, "record")
      : !unreadable.length || this._setAside(JSON.stringify({ from: FIRST_KEY, unreadable }), unreadable.length);
    if (keptAside && this._save(record)) this._remove(FIRST_KEY);   // the first record goes only once all is kept
    return record;
  }

  /**
   * Keep what could not be read (`what`: the whole "record", or how many solves) under a key of its own, never
   * one in use, and say so in `notices`; false when the browser refuses (then nothing is removed).
   */
  _setAside(text, what) {
    const key = setAside(this.storage, SET_ASIDE_PREFIX, this.clock(), text);
    if (key === null) {
      this.notices.push("Your statistics could not all be read, nor set aside: this browser refused to store them, so they are left as they were.");
      return false;
    }
    this.notices.push(what === "record"
      ? `Your statistics could not be read, so they were set aside in this browser's storage under "${key}" and new ones begun.`
      : `${plural(what, "stored solve")} could not be read, so ${what === 1 ? "it was" : "they were"} set aside in this browser's storage under "${key}".`);
    return true;
  }

  _get(key) {
    try { return this.storage.getItem(key); } catch { return null; }
  }

  _remove(key) {
    try { this.storage.removeItem(key); } catch { /* refused: the record is read again next time */ }
  }

  _save(record) {
    try {
      this.storage.setItem(KEY, JSON.stringify({ version: 2, shapes: record.shapes }));
      return true;
    } catch {
      this.notices.push("Your statistics could not be saved: this browser refused to store them (its storage may be full or turned off).");
      return false;
    }
  }

  /** The solves of a shape (a square's side or "WxH"), oldest first. */
  solves(shape) {
    return this._load().shapes[shapeKey(shape)] || [];
  }

  /** The shapes with solves, "WxH", narrowest first. */
  shapes() {
    return Object.keys(this._load().shapes).sort(byShape);
  }

  /** Keep a solve: time in ms (kept to the millisecond), STM and MTM (or `moves`, the move string played). */
  record(shape, { time, stm, mtm = null, moves = null, optimal = null, replay = undefined }) {
    const key = shapeKey(shape);
    if (key === null) return false;
    const counts = moves === null ? { stm, mtm } : moveCounts(moves);
    const { solve, refused } = readSolve({ time: Math.round(time), ...counts, optimal, replay, date: this.clock().toISOString() });
    if (refused) return false;
    const record = this._load();
    (record.shapes[key] ||= []).push(solve);
    return this._save(record);
  }

  /** {solves, time, stm, mtm, tps}: each measure's single and ao5 ... ao100, each {best, current} (or null). */
  summary(shape) {
    const solves = this.solves(shape);
    const values = {
      time: solves.map((s) => s.time),
      stm: solves.map((s) => s.stm),
      mtm: solves.map((s) => s.mtm),
      tps: solves.map((s) => tilesPerSecond(s.stm, s.time)),
    };
    const summary = { solves: solves.length };
    for (const [measure, better] of Object.entries(MEASURES)) summary[measure] = measureSummary(values[measure], better);
    return summary;
  }

  /** Forget every solve (of one shape, or of all). */
  reset(shape = null) {
    const record = this._load();
    if (shape === null) record.shapes = {};
    else delete record.shapes[shapeKey(shape)];
    this._save(record);
  }

  // ---- export and import -----------------------------------------------------------------------

  /** Every solve as JSON: {format, version: 2, shapes: {"WxH": [{time, stm, mtm, tps, optimal, date, replay?}]}}. */
  exportJson() {
    const shapes = {};
    for (const [key, solves] of Object.entries(this._load().shapes)) {
      shapes[key] = solves.map((s) => ({ ...s, tps: tilesPerSecond(s.stm, s.time) }));
    }
    return JSON.stringify({ format: "puzzlesolver statistics", version: 2, shapes }, null, 1);
  }

  /** Every solve as CSV, one row each, oldest first per shape: shape,date,time_ms,stm,mtm,tps,optimal,replay. */
  exportCsv() {
    const rows = [CSV_COLUMNS.join(",")];
    const record = this._load();
    for (const key of Object.keys(record.shapes).sort(byShape)) {
      for (const s of record.shapes[key]) {
        const tps = tilesPerSecond(s.stm, s.time);
        rows.push([key, s.date, s.time, s.stm, s.mtm ?? "", tps === null ? "" : formatStatNumber(tps, 3), s.optimal ?? "", s.replay ?? ""].map(csvField).join(","));
      }
    }
    return rows.join("\n") + "\n";
  }

  /**
   * Add the solves of an export (this page's JSON or CSV; the first record's JSON too), each checked; a
   * solve already kept is not doubled.  Returns one sentence saying what was imported and what refused.
   */
  importText(text) {
    const read = readImport(text);
    if (read.refused) return read.refused;
    const record = this._load();
    let added = 0, already = 0;
    const refused = [];
    for (const { where, shape, raw } of read.entries) {
      const key = shapeKey(shape);
      const { solve, refused: why } = key === null ? { refused: `its board "${shape}" is not W x H from 2 to ${MAX_SIDE} a side` } : readSolve(raw);
      if (why) { refused.push(`${where} (${why})`); continue; }
      const kept = (record.shapes[key] ||= []);
      if (kept.some((s) => sameSolve(s, solve))) { already += 1; continue; }
      kept.push(solve);
      added += 1;
    }
    for (const key of Object.keys(record.shapes)) {
      if (!record.shapes[key].length) delete record.shapes[key];
      else record.shapes[key].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    }
    if (added && !this._save(record)) return "Nothing imported: this browser refused to store the solves.";
    return importSentence(added, already, refused);
  }
}

/** The object under `field` ("shapes", or the first record's "sizes") of a stored record's text, or null. */
function recordField(text, field) {
  let data;
  try { data = JSON.parse(text); } catch { return null; }
  const value = data && typeof data === "object" ? data[field] : null;
  return value && typeof value === "object" && !Array.isArray(value) ? value : null;
}

/** The readable solves of a stored {shape: [solve]} (its keys made "WxH" by `keyOf`), and the rest. */
function cleanRecord(shapes, keyOf) {
  const record = { shapes: {} }, unreadable = [];
  for (const [name, solves] of Object.entries(shapes)) {
    const key = shapeKey(keyOf(name));
    for (const raw of Array.isArray(solves) ? solves : [solves]) {
      const { solve } = key === null ? {} : readSolve(raw);
      if (solve) (record.shapes[key] ||= []).push(solve);
      else unreadable.push({ shape: name, solve: raw });
    }
  }
  return { record, unreadable };
}

function importSentence(added, already, refused) {
  const parts = [`Imported ${plural(added, "solve")}`];
  if (already) parts.push(`${already} already kept ${already === 1 ? "was" : "were"} not doubled`);
  if (refused.length) {
    const shown = refused.slice(0, 3).join(", ");
    const more = refused.length > 3 ? ` and ${refused.length - 3} more` : "";
    parts.push(`refused ${plural(refused.length, "solve")}: ${shown}${more}`);
  }
  return parts.join("; ") + ".";
}

// ---- reading an export ---------------------------------------------------------------------------

const NOT_AN_EXPORT = "Nothing imported: the file is neither this page's JSON export nor a CSV whose first line names shape, date, time_ms and stm.";

/** The entries of an export, each {where, shape, raw}, or {refused: sentence} when the text is neither. */
export function readImport(text) {
  const trimmed = String(text).replace(/^\uFEFF/, "").trim();
  if (trimmed.startsWith("{")) {
    let data;
    try { data = JSON.parse(trimmed); } catch { return { refused: "Nothing imported: the file is not valid JSON." }; }
    const shapes = data && typeof data === "object" ? data.shapes ?? data.sizes : null;
    if (!shapes || typeof shapes !== "object" || Array.isArray(shapes)) return { refused: NOT_AN_EXPORT };
    const entries = [];
    for (const [name, solves] of Object.entries(shapes)) {
      const shape = data.shapes ? name : Number(name);   // the first record counted squares by their side
      (Array.isArray(solves) ? solves : [solves]).forEach((raw, i) => entries.push({ where: `${name} solve ${i + 1}`, shape, raw }));
    }
    return { entries };
  }
  const lines = trimmed.split(/\r?\n/);
  const header = parseCsvLine(lines[0]).map((name) => name.trim().toLowerCase());
  if (!["shape", "date", "time_ms", "stm"].every((name) => header.includes(name))) return { refused: NOT_AN_EXPORT };
  const entries = [];
  lines.slice(1).forEach((line, i) => {
    if (!line.trim()) return;
    const cells = parseCsvLine(line), raw = {};
    header.forEach((name, column) => { raw[name] = (cells[column] ?? "").trim(); });
    entries.push({ where: `line ${i + 2}`, shape: raw.shape, raw: { ...raw, time: raw.time_ms === "" ? NaN : raw.time_ms } });
  });
  return { entries };
}

function csvField(value) {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function parseCsvLine(line) {
  const cells = [];
  let cell = "", quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { cells.push(cell); cell = ""; } else cell += c;
  }
  cells.push(cell);
  return cells;
}
