// play/stats-record.js -- the solves kept on this device, per board shape "WxH", each a record of its own in the
// store's "solves" (core/store.js), so that two tabs never overwrite each other's; their export and import (JSON
// and CSV).  No DOM: stats.js is its panel, core/averages.js the numbers.
//
// A solve is {id, shape, time (ms), stm, mtm (null for solves kept before MTM was), optimal (or null), date (ISO),
// replay? (the id of its replay, replay-store.js), penalty? ("+2" or "dnf": core/averages.js counts them)}; its TPS
// is derived (core/averages.js).  A penalty is set, or a solve deleted (and put back), in a transaction that reads
// the record afresh, so that two tabs never undo each other's change.  Its id is made from
// its shape, date, time and STM, so that the same solve imported twice, or moved in from the old record by two
// tabs at once, is one record.  The records of before (localStorage "puzzlesolver-stats-v2", {"shapes": {"4x4":
// [solve]}}, and the first, "puzzlesolver-stats-v1", {"sizes": {"4": [{time, moves, optimal, date}]}}, its moves
// as STM) are moved in once (migrate).  A record that cannot be read is never dropped: it is set aside
// (store.setAside) and `notices` says so.  A solve the store refuses (full, or none) stays in memory, counted,
// shown and exported, and is written with the next one kept.
//
//   const stats = new Stats(store);
//   await stats.record(4, { time: 61234, stm: 64, mtm: 40, optimal: 48 });   // or "4x3"; or { time, moves: "lluur..." }
//        // -> {id, kept: true} | {id, kept: false, problem} | false (not a solve)
//   await stats.summary("4x4")   // {solves, time, stm, mtm, tps}: each {single, ao5, ..., ao100} of {best, current}
//   await stats.solves("4x4"); await stats.shapes();
//   await stats.exportJson(); await stats.exportCsv(); await stats.importText(text)  // -> one sentence
//   await stats.reset(); stats.notices
//   await stats.records("4x4")   // the solves with their ids, oldest first
//   await stats.setPenalty(id, "+2" | "dnf" | null); const gone = await stats.remove(id); await stats.restore(gone);

import { MEASURES, PENALTIES, countedValues, formatStatNumber, measureSummary, moveCounts, tilesPerSecond, trimmedMean } from "../core/averages.js";
import { plural } from "../core/messages.js";
import { journal, settled } from "../core/pending.js";
import { isStatsType } from "./modes.js";
import { CSV_COLUMNS, csvField, readImport } from "./stats-file.js";

const MAX_SIDE = 20;

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
  const penalty = raw.penalty === null || raw.penalty === undefined || raw.penalty === "" ? null : String(raw.penalty).toLowerCase();
  if (penalty !== null && !PENALTIES.includes(penalty)) return { refused: "its penalty is neither +2 nor DNF" };
  const solve = { time, stm, mtm, optimal, date: new Date(raw.date).toISOString() };
  if (raw.replay !== undefined && raw.replay !== null && raw.replay !== "") solve.replay = String(raw.replay);
  if (penalty) solve.penalty = penalty;
  if (raw.type !== undefined && raw.type !== null && raw.type !== "") {   // a solve type's (modes.js); none: a single
    if (!isStatsType(raw.type)) return { refused: "its solve type is not one this page keeps" };
    solve.type = raw.type;
  }
  return { solve };
}

/** The category a record is counted in: "WxH" for a single, "type:WxH" for a solve type's (modes.js). */
export const categoryOf = (record) => (record.type ? `${record.type}:${record.shape}` : record.shape);

/** {type, key} of a category's text ("4x4", 4, "marathon-10:4x4"), or null when it is not one. */
export function readCategory(text) {
  const [type, shape] = String(text).includes(":") ? String(text).split(":") : [null, text];
  const key = shapeKey(shape);
  return key === null || (type !== null && !isStatsType(type)) ? null : { type, key };
}

/** The category of a category's text, as categoryOf writes it ("4" -> "4x4"), or null. */
function categoryKey(text) {
  const read = readCategory(text);
  return read && (read.type ? `${read.type}:${read.key}` : read.key);
}

function byCategory(a, b) {
  const [ta, sa] = a.includes(":") ? a.split(":") : ["", a], [tb, sb] = b.includes(":") ? b.split(":") : ["", b];
  return ta.localeCompare(tb) || byShape(sa, sb);
}

/** The record of a solve of shape `key`: the solve with its shape and id. */
function recordOf(key, solve) {
  const type = solve.type ? `${solve.type}|` : "";
  return { id: `${type}${key}|${solve.date}|${solve.time}|${solve.stm}`, shape: key, ...solve };
}

const bare = ({ id, shape, ...solve }) => solve;
const byDate = (a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id.localeCompare(b.id);

/**
 * The replays of the player's personal bests, which the replays' cap never drops: per shape, the best single
 * of time and the solves of the best ao5 and ao12 of time (the first such window when several tie).
 */
export function bestReplayIds(records) {
  const ids = new Set();
  const shapes = new Map();
  for (const r of records) if (r && typeof r.shape === "string") (shapes.get(categoryOf(r)) ?? shapes.set(categoryOf(r), []).get(categoryOf(r))).push(r);
  for (const solves of shapes.values()) {
    solves.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    const times = solves.map((s) => countedValues(s).time);   // a +2's two seconds counted, a DNF the worst
    let single = 0;
    times.forEach((t, i) => { if (t < times[single]) single = i; });
    if (solves.length) ids.add(solves[single].replay);
    for (const count of [5, 12]) {
      let best = null, at = -1;
      for (let i = 0; i + count <= times.length; i++) {
        const mean = trimmedMean(times.slice(i, i + count));
        if (mean !== null && (best === null || mean < best)) { best = mean; at = i; }
      }
      if (at >= 0) for (const s of solves.slice(at, at + count)) ids.add(s.replay);
    }
  }
  ids.delete(undefined);
  return ids;
}

// ---- the solves on this device -------------------------------------------------------------------

export class Stats {
  constructor(store, clock = () => new Date()) {
    this.store = store;
    this.clock = clock;
    this.notices = [];   // what the player must be told (solves set aside, not saved)
    this.unsaved = [];   // records the store refused: counted, shown and exported while the page lives
  }

  /** Every record, readable, oldest first (and those only in memory); anything unreadable is set aside first. */
  async _records() {
    const stored = await this.store.all("solves");
    const good = [], unreadable = [];
    for (const raw of stored) {
      const key = shapeKey(raw?.shape);
      const { solve } = key === null ? {} : readSolve(raw);
      if (solve && raw.id === recordOf(key, solve).id) good.push(recordOf(key, solve)); else unreadable.push(raw);
    }
    if (unreadable.length) await this._setAside(unreadable);
    const ids = new Set(good.map((r) => r.id));
    return [...good, ...this.unsaved.filter((r) => !ids.has(r.id))].sort(byDate);
  }

  async _setAside(records) {
    try {
      const { key, count } = await this.store.moveAside("solves", records, "unreadable");
      if (count) this.notices.push(setAsideSentence(count, key));
    } catch {
      this.notices.push("Your statistics could not all be read, nor set aside: this browser refused to store them, so they are left as they were.");
    }
  }

  /** The solves of a category (a square's side, "WxH", or a solve type's "marathon-10:WxH"), oldest first. */
  async solves(shape) {
    const category = categoryKey(shape);
    return (await this._records()).filter((r) => categoryOf(r) === category).map(bare);
  }

  /** The solves of a shape with their ids ({id, time, ...}), oldest first. */
  async records(shape) {
    const category = categoryKey(shape);
    return (await this._records()).filter((r) => categoryOf(r) === category).map(({ shape: _, ...record }) => record);
  }

  /** Give the solve `id` a penalty ("+2", "dnf") or none (null); false when it is no longer kept. */
  async setPenalty(id, penalty) {
    const change = (record) => {
      const { penalty: _, ...rest } = record;
      return penalty ? { ...rest, penalty } : rest;
    };
    this.unsaved = this.unsaved.map((r) => (r.id === id ? change(r) : r));
    return this.store.write("solves", async (tx) => {
      const record = await tx.get("solves", id);
      if (!record) return this.unsaved.some((r) => r.id === id);
      await tx.put("solves", change(record));
      return true;
    });
  }

  /** Forget the solve `id`; the record as it was (for `restore`, an undo), or null when it was not kept. */
  async remove(id) {
    const waiting = this.unsaved.find((r) => r.id === id) ?? null;
    this.unsaved = this.unsaved.filter((r) => r.id !== id);
    if (waiting) settled("solves", [waiting]);
    const stored = await this.store.write("solves", async (tx) => {
      const record = await tx.get("solves", id);
      if (record) await tx.delete("solves", id);
      return record ?? null;
    });
    return stored ?? waiting;
  }

  /** Put back a solve `remove` returned (an undo): as it was, under its id. */
  async restore(record) {
    await this.store.write("solves", (tx) => tx.put("solves", record));
  }

  /** The categories with solves: the shapes of singles ("WxH", narrowest first), then each solve type's. */
  async shapes() {
    return [...new Set((await this._records()).map(categoryOf))].sort(byCategory);
  }

  /** Keep a solve: time in ms (kept to the millisecond), STM and MTM (or `moves`, the move string played). */
  async record(shape, { time, stm, mtm = null, moves = null, optimal = null, replay = undefined, type = null, penalty = null }) {
    const key = shapeKey(shape);
    if (key === null) return false;
    const counts = moves === null ? { stm, mtm } : moveCounts(moves);
    const { solve, refused } = readSolve({ time: Math.round(time), ...counts, optimal, replay, type, penalty, date: this.clock().toISOString() });
    if (refused) return false;
    const record = recordOf(key, solve);
    const waiting = [...this.unsaved, record];
    journal("solves", record);   // at once: a reload before the store commits loses nothing (core/pending.js)
    try {
      await this.store.write("solves", async (tx) => { for (const r of waiting) await tx.put("solves", r); });
      this.unsaved = [];
      settled("solves", waiting);
      return { id: record.id, kept: this.store.durable, problem: this.store.problem };
    } catch (error) {
      this.unsaved = waiting;
      return { id: record.id, kept: false, problem: error.message };
    }
  }

  /** {solves, time, stm, mtm, tps}: each measure's single and ao5 ... ao100, each {best, current} (or null). */
  async summary(shape) {
    return summarize(await this.solves(shape));
  }

  /** Forget every solve (of one shape, or of all). */
  async reset(shape = null) {
    const key = shape === null ? null : shapeKey(shape);
    settled("solves", this.unsaved.filter((r) => key === null || r.shape === key));
    this.unsaved = this.unsaved.filter((r) => key !== null && r.shape !== key);
    await this.store.write("solves", async (tx) => {
      if (key === null) { await tx.clear("solves"); return; }
      for (const r of await tx.all("solves")) if (r.shape === key) await tx.delete("solves", r.id);
    });
  }

  // ---- export and import -----------------------------------------------------------------------

  /** Every solve as JSON: {format, version: 2, shapes: {"WxH": [{time, stm, mtm, tps, optimal, date, replay?}]}}. */
  async exportJson() {
    const shapes = {};
    for (const r of await this._records()) (shapes[r.shape] ||= []).push({ ...bare(r), tps: tilesPerSecond(r.stm, r.time) });
    return JSON.stringify({ format: "puzzlesolver statistics", version: 2, shapes }, null, 1);
  }

  /** Every solve as CSV, one row each, oldest first per shape: shape,date,time_ms,stm,mtm,tps,optimal,replay,penalty
   *  (time_ms and tps as played; penalty "+2", "dnf" or empty). */
  async exportCsv() {
    const rows = [CSV_COLUMNS.join(",")];
    const records = await this._records();
    for (const key of [...new Set(records.map(categoryOf))].sort(byCategory)) {
      for (const s of records.filter((r) => categoryOf(r) === key)) {
        const tps = tilesPerSecond(s.stm, s.time);
        rows.push([key, s.date, s.time, s.stm, s.mtm ?? "", tps === null ? "" : formatStatNumber(tps, 3), s.optimal ?? "", s.replay ?? "", s.penalty ?? ""].map(csvField).join(","));
      }
    }
    return rows.join("\n") + "\n";
  }

  /**
   * Add the solves of an export (this page's JSON or CSV; the first record's JSON too), each checked; a
   * solve already kept is not doubled.  Returns one sentence saying what was imported and what refused.
   */
  async importText(text) {
    const read = readImport(text);
    if (read.refused) return read.refused;
    const refused = [], records = [];
    for (const { where, shape, raw } of read.entries) {
      const { type = null, key = null } = readCategory(shape) ?? {};
      const { solve, refused: why } = key === null ? { refused: `its board "${shape}" is not W x H from 2 to ${MAX_SIDE} a side` } : readSolve({ type, ...raw });
      if (why) refused.push(`${where} (${why})`); else records.push(recordOf(key, solve));
    }
    let added = 0, already = 0;
    try {
      await this.store.write("solves", async (tx) => {
        for (const r of records) {
          if (await tx.get("solves", r.id)) { already += 1; continue; }
          await tx.put("solves", r);
          added += 1;
        }
      });
    } catch {
      return "Nothing imported: this browser refused to store the solves.";
    }
    return importSentence(added, already, refused);
  }

  /** The records of before (localStorage's texts, or null) into the store, in the migration's `tx`. */
  async migrate(tx, { second = null, first = null }) {
    const sources = [[second, "shapes", (name) => name], [first, "sizes", (n) => Number(n)]];
    for (const [text, field, keyOf] of sources) {
      if (text === null) continue;
      const shapes = recordField(text, field);
      const { records, unreadable } = cleanRecord(shapes ?? {}, keyOf);
      for (const r of records) await tx.put("solves", r);
      if (!shapes || unreadable.length) {
        const key = await tx.put("setAside", { from: "solves", date: this.clock().toISOString(), reason: "unreadable", text: shapes ? JSON.stringify(unreadable) : text });
        this.notices.push(shapes ? setAsideSentence(unreadable.length, key)
          : `Your statistics could not be read, so they were set aside in this browser's storage (set-aside record ${key}) and new ones begun.`);
      }
    }
  }
}

/** {solves, time, stm, mtm, tps} of solves in the order solved, each solve's penalty counted (core/averages.js). */
export function summarize(solves) {
  const counted = solves.map(countedValues);
  const values = Object.fromEntries(Object.keys(MEASURES).map((m) => [m, counted.map((c) => c[m])]));
  const summary = { solves: solves.length };
  for (const [measure, better] of Object.entries(MEASURES)) summary[measure] = measureSummary(values[measure], better);
  return summary;
}

function setAsideSentence(count, key) {
  return `${plural(count, "stored solve")} could not be read, so ${count === 1 ? "it was" : "they were"} set aside in this browser's storage (set-aside record ${key}).`;
}

/** The object under `field` ("shapes", or the first record's "sizes") of a stored record's text, or null. */
function recordField(text, field) {
  let data;
  try { data = JSON.parse(text); } catch { return null; }
  const value = data && typeof data === "object" ? data[field] : null;
  return value && typeof value === "object" && !Array.isArray(value) ? value : null;
}

/** The readable solves of a stored {shape: [solve]} (its keys made "WxH" by `keyOf`) as records, and the rest. */
function cleanRecord(shapes, keyOf) {
  const records = [], unreadable = [];
  for (const [name, solves] of Object.entries(shapes)) {
    const key = shapeKey(keyOf(name));
    for (const raw of Array.isArray(solves) ? solves : [solves]) {
      const { solve } = key === null ? {} : readSolve(raw);
      if (solve) records.push(recordOf(key, solve));
      else unreadable.push({ shape: name, solve: raw });
    }
  }
  return { records, unreadable };
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
