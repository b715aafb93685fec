// play/stats.js -- solves kept on this device (localStorage), per board shape "WxH", the numbers speedsolvers
// keep (core/averages.js: best single and ao5 ... ao100 of time, STM, MTM and TPS), their export and import
// (JSON and CSV), and their panel below the board.  Only the solves that count are kept (a board the game
// dealt, solved without help: GameSession.uncounted).
//
// A solve is {time (ms), stm, mtm (null for solves kept before MTM was), optimal (or null), date (ISO),
// replay? (an id, for later)}; its TPS is derived (core/averages.js).  What is stored:
//   localStorage["puzzlesolver-stats-v2"] = {"version": 2, "shapes": {"4x4": [solve, ...]}}, oldest first;
// the first record ("puzzlesolver-stats-v1", {"sizes": {"4": [{time, moves, optimal, date}]}}) is moved in
// once, its moves as STM.  A stored record that cannot be read, or a solve in it, is never dropped: it is
// set aside under a key of its own ("puzzlesolver-stats-set-aside-<date>") and `notices` says so.
//
//   const stats = new Stats(localStorage);
//   stats.record(4, { time: 61234, stm: 64, mtm: 40, optimal: 48 });   // or "4x3"
//   stats.summary("4x4")   // {solves, time, stm, mtm, tps}: each {single, ao5, ..., ao100} of {best, current}
//   stats.exportJson(); stats.exportCsv(); stats.importText(text)  // -> one sentence saying what happened
//   stats.reset(); stats.notices
//   statsPanel(root, game)   // the table, export, import and reset, recording each counted solve of the game

import { button, el, formatTime } from "../core/dom.js";
import { AVERAGE_LENGTHS, MEASURES, measureSummary, moveCounts, tilesPerSecond } from "../core/averages.js";
import { panel } from "./extra-panel.js";

export { moveCounts };

const KEY = "puzzlesolver-stats-v2";
const FIRST_KEY = "puzzlesolver-stats-v1";
const SET_ASIDE_PREFIX = "puzzlesolver-stats-set-aside-";
const MAX_SIDE = 20;
const CSV_COLUMNS = ["shape", "date", "time_ms", "stm", "mtm", "tps", "optimal", "replay"];

/** Why a finished game is not in the statistics (GameSession.uncounted), said under "Solved!". */
export const UNCOUNTED = {
  typed: "Not counted in your statistics: this game began from a position typed in, not one the game dealt.",
  link: "Not counted in your statistics: this game was opened from a link, not dealt here.",
  untimed: "Not counted in your statistics: this game was opened from a link or a reload, so its time from the start is not known.",
  exact: "Not counted in your statistics: an exact deal chooses how far the board is from the goal.",
  help: "Not counted in your statistics: the solver helped.",
};

/** The mean of the last `count` times without the best and the worst (Slidysim's aoN), or null. */
export { currentAverage as averageOf } from "../core/averages.js";

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
    let data;
    try { data = JSON.parse(text); } catch { data = null; }
    if (!data || typeof data !== "object" || !data.shapes || typeof data.shapes !== "object" || Array.isArray(data.shapes)) {
      const key = this._setAside(text);
      this.notices.push(`Your statistics could not be read, so they were set aside in this browser's storage under "${key}" and new ones begun.`);
      this._remove(KEY);
      return { shapes: {} };
    }
    const { record, unreadable } = cleanRecord(data.shapes, (name) => name);
    if (unreadable.length) {
      const key = this._setAside(JSON.stringify({ from: KEY, unreadable }));
      this.notices.push(`${count(unreadable.length, "stored solve")} could not be read, so ${unreadable.length === 1 ? "it was" : "they were"} set aside in this browser's storage under "${key}".`);
      this._save(record);
    }
    return record;
  }

  /** The first record's solves ({sizes: {n: [{time, moves, optimal, date}]}}), moved into this one. */
  _migrateFirst() {
    const text = this._get(FIRST_KEY);
    if (text === null) return { shapes: {} };
    let data;
    try { data = JSON.parse(text); } catch { data = null; }
    const sizes = data && typeof data === "object" && data.sizes && typeof data.sizes === "object" ? data.sizes : null;
    const { record, unreadable } = sizes ? cleanRecord(sizes, (n) => Number(n)) : { record: { shapes: {} }, unreadable: [] };
    if (!sizes || unreadable.length) {
      const key = this._setAside(sizes ? JSON.stringify({ from: FIRST_KEY, unreadable }) : text);
      this.notices.push(sizes
        ? `${count(unreadable.length, "stored solve")} could not be read, so ${unreadable.length === 1 ? "it was" : "they were"} set aside in this browser's storage under "${key}".`
        : `Your statistics could not be read, so they were set aside in this browser's storage under "${key}" and new ones begun.`);
    }
    if (this._save(record)) this._remove(FIRST_KEY);   // the first record goes only once the new one is kept
    return record;
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

  /** Keep `text` under a key of its own (never one in use) and return that key. */
  _setAside(text) {
    const stamp = this.clock().toISOString();
    let key = SET_ASIDE_PREFIX + stamp;
    for (let i = 2; this._get(key) !== null; i++) key = `${SET_ASIDE_PREFIX}${stamp}-${i}`;
    try { this.storage.setItem(key, text); } catch {
      this.notices.push("They could not be set aside either: this browser refused to store them.");
    }
    return key;
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

function count(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function importSentence(added, already, refused) {
  const parts = [`Imported ${count(added, "solve")}`];
  if (already) parts.push(`${already} already kept ${already === 1 ? "was" : "were"} not doubled`);
  if (refused.length) {
    const shown = refused.slice(0, 3).join(", ");
    const more = refused.length > 3 ? ` and ${refused.length - 3} more` : "";
    parts.push(`refused ${count(refused.length, "solve")}: ${shown}${more}`);
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

// ---- how the numbers are written -----------------------------------------------------------------

/** A count (whole for a single, to 3 decimals, truncated, for an average) or a TPS (3 decimals); "–" for none. */
export function formatStatNumber(value, decimals) {
  if (value === null || value === undefined) return "–";
  if (value === Infinity) return "∞";   // the TPS of a solve in one move: the clock starts at the first move
  if (decimals === 0) return String(value);
  return (Math.floor(value * 1000 + 1e-6) / 1000).toFixed(decimals);
}

// ---- the panel -----------------------------------------------------------------------------------

const ROWS = ["single", ...AVERAGE_LENGTHS.map((n) => `ao${n}`)];
const COLUMNS = [["time", "Time"], ["stm", "STM"], ["mtm", "MTM"], ["tps", "TPS"]];

function cellText(measure, row, value) {
  if (measure === "time") return formatTime(value);
  if (measure === "tps") return formatStatNumber(value, 3);
  return formatStatNumber(value, row === "single" ? 0 : 3);
}

function shapeLabel(key) {
  return key.replace("x", "×");
}

export function statsPanel(root, game) {
  const stats = new Stats(localStorage);
  const view = statsView(stats, () => (game.session ? `${game.session.n}x${game.session.n}` : null));
  recordSolves(root, game, stats, view.show);
  view.show();
  return panel("Statistics", "stats-panel", view.choices, view.solvesLine, view.table, view.message,
    el("p", { class: "note", text: "Kept on this device only. Only games the game dealt (a new puzzle, the daily puzzle) count, solved without hints or help, once each: not an exact deal, a typed position or a game opened from a link. STM counts every tile moved, MTM a slide of tiles in one line once, TPS is STM per second. aoN: the mean of N solves in a row without the best and the worst, as Slidysim keeps it; Best is the best such run, Latest your last N." }),
    transferControls(stats, view));
}

/**
 * The board and view menus, the line of solves, the table and the message line; `show()` redraws them.  The
 * board shown follows the game's (`gameShape()`) until one is picked in the menu.
 */
function statsView(stats, gameShape) {
  const shapeMenu = el("select", { "data-testid": "stats-shape", id: "stats-shape" });
  const viewMenu = el("select", { "data-testid": "stats-view", id: "stats-view" },
    el("option", { value: "best", text: "Best" }), el("option", { value: "current", text: "Latest" }));
  const choices = el("div", { class: "play-controls stats-choices" },
    el("label", { class: "extra-field" }, "Board ", shapeMenu), el("label", { class: "extra-field" }, "Show ", viewMenu));
  const solvesLine = el("p", { class: "stats-count", "data-testid": "stats-solves" });
  const body = el("tbody");
  const table = el("table", { class: "stats", "data-testid": "stats-table" },
    el("caption", { class: "visually-hidden", text: "Your best single and averages for the board chosen" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "Single or average" })), ...COLUMNS.map(([, title]) => el("th", { scope: "col", text: title })))),
    body);
  // What the player must be told: an import's sentence (a note), or a record set aside or not saved (a fault).
  const message = el("p", { class: "play-message stats-message", role: "status", "data-testid": "stats-message", hidden: true });
  const say = (sentences, kind = "note") => {
    message.textContent = sentences.filter(Boolean).join(" ");
    message.hidden = !message.textContent;
    if (kind === "note") message.dataset.kind = "note"; else delete message.dataset.kind;
  };
  let chosen = false;

  const show = () => {
    const shapes = stats.shapes();
    const wanted = [chosen ? shapeMenu.value : gameShape(), shapeMenu.value, shapes[0]].find((key) => shapes.includes(key));
    shapeMenu.replaceChildren(...shapes.map((key) => el("option", { value: key, text: shapeLabel(key) })));
    choices.hidden = !shapes.length;
    solvesLine.textContent = "";
    table.dataset.shape = wanted ?? "";
    if (wanted) {
      shapeMenu.value = wanted;
      const summary = stats.summary(wanted), which = viewMenu.value;
      solvesLine.textContent = `${count(summary.solves, "solve")} on ${shapeLabel(wanted)}`;
      body.replaceChildren(...ROWS.map((row) => el("tr", { "data-row": row },
        el("th", { scope: "row", text: row === "single" ? "Single" : row }),
        ...COLUMNS.map(([measure]) => el("td", { "data-measure": measure, text: cellText(measure, row, summary[measure][row][which]) })))));
    } else {
      body.replaceChildren(el("tr", {}, el("td", { colSpan: COLUMNS.length + 1, class: "stats-empty", text: "No solves yet: finish a dealt game without hints to start." })));
    }
    if (stats.notices.length) say(stats.notices.splice(0), "fault");
  };
  shapeMenu.addEventListener("change", () => { chosen = true; show(); });
  viewMenu.addEventListener("change", show);
  return { choices, solvesLine, table, message, show, say };
}

/** Export (JSON, CSV), import (either, from a file) and reset. */
function transferControls(stats, view) {
  const download = (text, testid, label, name, type) => {
    const link = el("a", { text: label, "data-testid": testid, download: name, href: "#" });
    link.addEventListener("click", () => { link.href = URL.createObjectURL(new Blob([text()], { type })); });
    return link;
  };
  const exportJson = download(() => stats.exportJson(), "stats-export", "Export (JSON)", "sliding-puzzle-stats.json", "application/json");
  const exportCsv = download(() => stats.exportCsv(), "stats-export-csv", "Export (CSV)", "sliding-puzzle-stats.csv", "text/csv");
  const file = el("input", { type: "file", accept: ".json,.csv,application/json,text/csv", "data-testid": "stats-import-file", class: "visually-hidden", tabIndex: -1, "aria-label": "Statistics to import (JSON or CSV)" });
  file.addEventListener("change", async () => {
    const picked = file.files[0];
    if (!picked) return;
    const sentence = stats.importText(await picked.text());
    file.value = "";
    const faults = stats.notices.splice(0);
    view.show();
    view.say([sentence, ...faults], faults.length ? "fault" : "note");
  });
  const importButton = button("Import…", "stats-import", () => file.click());
  const reset = button("Reset statistics", "stats-reset", () => {
    if (confirm("Forget every solve kept on this device?")) { stats.reset(); view.say([]); view.show(); }
  });
  return el("div", { class: "play-controls" }, exportJson, exportCsv, importButton, file, reset);
}

/**
 * Keep each counted solve of the game, then `shown()`.  A solve counts once per game, when a move solves it
 * here, and only when the session says it counts (a board the game dealt, solved without help:
 * GameSession.uncounted).  A game opened already solved (a link, a reload) does not count again, nor does the
 * same board solved again after a restart.  Its STM and MTM come from the moves played (core/averages.js).
 */
function recordSolves(root, game, stats, shown) {
  let seen = null, recorded = null;
  root.addEventListener("game-render", () => {
    const s = game.session;
    if (s !== seen) { seen = s; recorded = s.solved ? s : null; shown(); return; }
    if (!s.solved || recorded === s) return;
    recorded = s;
    if (s.uncounted) return;
    stats.record(s.n, { time: s.elapsedMs(), moves: s.past.join(""), optimal: s.optimalStart });
    shown();
  });
}
