// play/replay-store.js -- the replays of the player's own solves, kept on this device, one record each in the
// store's "replays" (core/store.js), so that two tabs never overwrite each other's.  Past MAX_KEPT a new replay
// makes the oldest go (one for each one added, so that an import is never cut down at once), never a personal
// best: the best single and the solves of the best ao5 and ao12 of time, per shape (stats-record.js).  A replay
// the store refuses (its storage is full, or there is none) is kept in memory for as long as the page lives,
// listed and exported with the rest, and written with the next one that is kept.  No DOM: replays.js is its panel.
//
//   record: {id, date, width, height, scramble (tiles, row-major), moves ("lrud", the way a tile moves),
//            times (ms after the first move, one a move, or null), timeMs, helped (true when the solver helped),
//            about ({by, date, video} of an imported world record's: core/replay-about.js; only when known),
//            run ({type, timeMs, boards: [{width, height, scramble, moves, times, timeMs}]} of a solve type's run of
//            boards, a marathon's or a relay's (modes.js): every board, each timed from its own start, the
//            record's own fields being the first's; only for a run)}
//
// A record that cannot be read, or does not play to its goal, is never dropped: it is set aside (store.setAside)
// and `notices` says so.
//
//   const replays = new ReplayStore(store);
//   const id = newReplayId(replay);            // at once, for a statistic to name it
//   await replays.add(replay, id, { counted, helped });   // {id, kept}, and `problem` when kept only in memory
//   await replays.list();                      // [{id, date, replay, helped}], oldest first
//   await replays.find(id); await replays.exportJson(); await replays.importText(text);   // -> a sentence
//   replays.notices

import { Replay, ReplayError } from "../core/replay.js";
import { plural } from "../core/messages.js";
import { bestReplayIds } from "./stats-record.js";
import { journal, settled } from "../core/pending.js";

export const MAX_KEPT = 100;
const NOT_AN_EXPORT = "Nothing imported: the file is not this page's export of replays.";

/** The stored form of a replay (`helped`: a hint or a move of the solver's went into the solve). */
export function stored(id, date, replay, helped = false, run = null) {
  const { width, height, scramble, moves, times, timeMs, about } = replay;
  return { id, date, width, height, scramble: Array.from(scramble), moves, times: times ? Array.from(times) : null, timeMs,
    ...(helped ? { helped: true } : {}), ...(about ? { about: { ...about } } : {}),
    ...(run ? { run: { type: run.type, timeMs: run.timeMs, boards: run.boards.map(boardFields) } } : {}) };
}

const boardFields = ({ width, height, scramble, moves, times, timeMs }) =>
  ({ width, height, scramble: Array.from(scramble), moves, times: times ? Array.from(times) : null, timeMs });

/** A run's {type, timeMs, boards: [Replay]} as read (a stored record's `run`); throws on one that is not. */
function readRun(run) {
  if (!run || typeof run.type !== "string" || !Number.isInteger(run.timeMs) || !Array.isArray(run.boards) || !run.boards.length) throw new TypeError("not a run");
  return { type: run.type, timeMs: run.timeMs, boards: run.boards.map((board) => new Replay(board)) };
}

/** {id, date, replay, helped} from a stored record, or null when it is not one that plays to its goal. */
function readEntry(entry) {
  if (!entry || typeof entry !== "object" || typeof entry.id !== "string" || typeof entry.date !== "string") return null;
  try {
    return { id: entry.id, date: entry.date, replay: new Replay(entry), helped: entry.helped === true, run: entry.run ? readRun(entry.run) : null };
  } catch (error) {
    if (error instanceof ReplayError || error instanceof TypeError) return null;
    throw error;
  }
}

/** A new replay's id: its shape, the time and a few random letters (two tabs never pick the same). */
export function newReplayId(replay, now = new Date()) {
  return `${replay.width}x${replay.height}-${now.toISOString()}-${Math.random().toString(36).slice(2, 6)}`;
}

export const keptOnlyHere = (problem) => `This solve is kept only in this tab: ${problem}, so export your replays and statistics (in their panels below) before you close it.`;

export class ReplayStore {
  constructor(store, clock = () => new Date()) {
    this.store = store;
    this.clock = clock;
    this.notices = [];      // what the player must be told: replays set aside, dropped for room, or not saved
    this.unsaved = [];      // records the store refused, oldest first: kept here, listed and exported
  }

  /** The replays kept (and those only in memory), oldest first; anything unreadable is set aside first (and said). */
  async list() {
    const records = await this.store.all("replays");
    const read = records.map(readEntry);
    const unreadable = records.filter((_, i) => read[i] === null);
    if (unreadable.length) await this.#setAside(unreadable);
    const entries = read.filter(Boolean);
    const ids = new Set(entries.map((entry) => entry.id));
    entries.push(...this.unsaved.filter((record) => !ids.has(record.id)).map(readEntry));
    return entries.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  }

  async find(id) {
    return (await this.list()).find((entry) => entry.id === id) ?? null;
  }

  /**
   * Keep a replay under `id` (newReplayId); {id, kept: true}, or {id, kept: false, problem} when only this page has
   * it.  `counted`: the replay's solve goes into the statistics (written just after this): the cap counts it among
   * the bests already, so that an old solve it makes part of a new best average is not the one dropped.
   */
  async add(replay, id = newReplayId(replay, this.clock()), { counted = false, helped = false, run = null } = {}) {
    const record = stored(id, this.clock().toISOString(), replay, helped, run);
    const pending = counted && replay.timeMs !== null
      ? [{ shape: `${replay.width}x${replay.height}`, time: replay.timeMs, date: record.date, replay: id }] : [];
    const waiting = [...this.unsaved, record];
    journal("replays", record);   // at once: a reload before the store commits loses nothing (core/pending.js)
    try {
      const dropped = await this.store.write(["replays", "solves"], async (tx) => {
        for (const r of waiting) await tx.put("replays", r);
        const all = await tx.all("replays");
        if (all.length <= MAX_KEPT) return 0;
        const best = bestReplayIds([...(await tx.all("solves")).filter((r) => r.replay !== id), ...pending]);
        const oldest = all.filter((r) => !best.has(r.id) && r.id !== id).sort((a, b) => String(a.date).localeCompare(String(b.date)))[0];
        if (!oldest) return 0;
        await tx.delete("replays", oldest.id);
        return 1;
      });
      this.unsaved = [];
      settled("replays", waiting);
      if (dropped) this.notices.push(`Only the latest ${MAX_KEPT} replays are kept, and your bests: the oldest other one was dropped.`);
      this.store.persist();
      return { id, kept: this.store.durable, problem: this.store.durable ? null : keptOnlyHere(this.store.problem) };
    } catch (error) {
      this.unsaved.push(record);
      return { id, kept: false, problem: keptOnlyHere(error.message) };
    }
  }

  /** Every replay kept, as JSON: {format, version, replays: [...]}, oldest first. */
  async exportJson() {
    const replays = (await this.list()).map(({ id, date, replay, helped, run }) => stored(id, date, replay, helped, run));
    return JSON.stringify({ format: "puzzlesolver-replays", version: 1, replays }, null, 1);
  }

  /** Add the replays of an export (exportJson's text): each checked, none doubled; one sentence says what happened. */
  async importText(text) {
    let data;
    try { data = JSON.parse(String(text).replace(/^\uFEFF/, "")); } catch { return "Nothing imported: the file is not valid JSON."; }
    if (!data || !Array.isArray(data.replays)) return NOT_AN_EXPORT;
    const read = data.replays.map(readEntry);
    const good = read.filter(Boolean), refused = read.length - good.length;
    let added = 0;
    try {
      added = await this.store.write("replays", async (tx) => {
        let fresh = 0;
        for (const { id, date, replay, helped, run } of good) {
          if (await tx.get("replays", id)) continue;
          await tx.put("replays", stored(id, date, replay, helped, run));
          fresh += 1;
        }
        return fresh;
      });
    } catch (error) {
      return `Nothing imported: ${error.message}.`;
    }
    if (added) this.store.persist();
    const parts = [`Imported ${plural(added, "replay")}`];
    if (good.length > added) parts.push(`${good.length - added} already kept ${good.length - added === 1 ? "was" : "were"} not doubled`);
    if (refused) parts.push(`refused ${plural(refused, "replay")} that ${refused === 1 ? "does" : "do"} not play to the goal`);
    return parts.join("; ") + ".";
  }

  /** Old records (localStorage["puzzlesolver-replays-v1"]'s text) into the store, in the migration's `tx`. */
  async migrate(tx, text) {
    if (text === null) return;
    let entries = null;
    try { entries = JSON.parse(text)?.replays; } catch { /* unreadable: set aside below */ }
    if (!Array.isArray(entries)) {
      const key = await tx.put("setAside", { from: "replays", date: this.clock().toISOString(), reason: "unreadable", text });
      this.notices.push(`Your replays could not be read, so they were set aside in this browser's storage (set-aside record ${key}) and new ones begun.`);
      return;
    }
    const unreadable = entries.filter((entry) => readEntry(entry) === null);
    for (const entry of entries) if (!unreadable.includes(entry)) await tx.put("replays", entry);
    if (unreadable.length) {
      const key = await tx.put("setAside", { from: "replays", date: this.clock().toISOString(), reason: "unreadable", text: JSON.stringify(unreadable) });
      this.notices.push(setAsideSentence(unreadable.length, key));
    }
  }

  /** Move records that cannot be read into the store's set-aside records, and say so. */
  async #setAside(records) {
    try {
      const { key, count } = await this.store.moveAside("replays", records, "unreadable");
      if (count) this.notices.push(setAsideSentence(count, key));
    } catch {
      this.notices.push("Your replays could not all be read, nor set aside: this browser refused to store them, so they are left as they were.");
    }
  }
}

function setAsideSentence(count, key) {
  return `${plural(count, "stored replay")} could not be read, so ${count === 1 ? "it was" : "they were"} set aside in this browser's storage (set-aside record ${key}).`;
}
