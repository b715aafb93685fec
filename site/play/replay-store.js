// play/replay-store.js -- the replays of the player's own solves, kept on this device (localStorage), newest
// last; past MAX_KEPT the oldest go first, and `notices` says so.  No DOM: replays.js is its panel.
//
//   localStorage["puzzlesolver-replays-v1"] = {"version": 1, "replays": [{id, date, width, height, scramble
//     (tiles, row-major), moves ("lrud", the way a tile moves), times (ms after the first move, one a move, or
//     null), timeMs}, ...]}
//
// A stored record that cannot be read, or a replay in it that does not play to the goal, is never dropped: it is
// set aside under a key of its own ("puzzlesolver-replays-set-aside-<date>") and `notices` says so.
//
//   const store = new ReplayStore(localStorage);
//   const id = store.add(replay);   // a core/replay.js Replay; its id, or null when it could not be kept
//   store.list();                    // [{id, date, replay}], oldest first
//   store.find(id); store.exportJson(); store.notices

import { Replay, ReplayError } from "../core/replay.js";
import { plural } from "../core/messages.js";
import { setAside } from "./set-aside.js";

const KEY = "puzzlesolver-replays-v1";
const SET_ASIDE_PREFIX = "puzzlesolver-replays-set-aside-";
export const MAX_KEPT = 100;

/** The stored form of a replay. */
function stored(id, date, replay) {
  const { width, height, scramble, moves, times, timeMs } = replay;
  return { id, date, width, height, scramble: Array.from(scramble), moves, times: times ? Array.from(times) : null, timeMs };
}

/** {id, date, replay} from a stored entry, or null when it is not one that plays to its goal. */
function readEntry(entry) {
  if (!entry || typeof entry !== "object" || typeof entry.id !== "string" || typeof entry.date !== "string") return null;
  try {
    return { id: entry.id, date: entry.date, replay: new Replay(entry) };
  } catch (error) {
    if (error instanceof ReplayError || error instanceof TypeError) return null;
    throw error;
  }
}

export class ReplayStore {
  constructor(storage, clock = () => new Date()) {
    this.storage = storage;
    this.clock = clock;
    this.notices = [];   // what the player must be told: replays set aside, dropped for room, or not saved
    this.cache = null;   // [{id, date, replay}] as last read or written
  }

  /** The replays kept, oldest first; anything unreadable is set aside first (and said). */
  list() {
    if (this.cache) return this.cache;
    const text = this.#get(KEY);
    let entries = null;
    try {
      const data = text === null ? { replays: [] } : JSON.parse(text);
      if (data && Array.isArray(data.replays)) entries = data.replays;
    } catch { /* unreadable: set aside below */ }
    if (entries === null) {
      if (this.#setAside(text, "record")) this.#remove(KEY);
      this.cache = [];
      return this.cache;
    }
    const read = entries.map(readEntry);
    const unreadable = entries.filter((_, i) => read[i] === null);
    this.cache = read.filter(Boolean);
    if (unreadable.length && this.#setAside(JSON.stringify({ from: KEY, unreadable }), unreadable.length)) this.#save();
    return this.cache;
  }

  find(id) {
    return this.list().find((entry) => entry.id === id) ?? null;
  }

  /** Keep a replay; its id, or null when the browser refused to store it. */
  add(replay) {
    const list = this.list();
    const date = this.clock().toISOString();
    let id = `${replay.width}x${replay.height}-${date}`;
    for (let i = 2; list.some((entry) => entry.id === id); i++) id = `${replay.width}x${replay.height}-${date}-${i}`;
    list.push({ id, date, replay });
    const dropped = list.length > MAX_KEPT ? list.splice(0, list.length - MAX_KEPT).length : 0;
    if (dropped) this.notices.push(`Only the latest ${MAX_KEPT} replays are kept: the oldest was dropped.`);
    return this.#save() ? id : null;
  }

  /** Every replay kept, as JSON: {format, version, replays: [...]}, oldest first. */
  exportJson() {
    const replays = this.list().map(({ id, date, replay }) => stored(id, date, replay));
    return JSON.stringify({ format: "puzzlesolver-replays", version: 1, replays }, null, 1);
  }

  #save() {
    const replays = this.cache.map(({ id, date, replay }) => stored(id, date, replay));
    try {
      this.storage.setItem(KEY, JSON.stringify({ version: 1, replays }));
      return true;
    } catch {
      this.notices.push("Your replays could not be saved: this browser refused to store them (its storage may be full or turned off).");
      return false;
    }
  }

  /** Keep what could not be read under a key never in use, and say so; false when the browser refuses. */
  #setAside(text, what) {
    const key = setAside(this.storage, SET_ASIDE_PREFIX, this.clock(), text);
    if (key === null) {
      this.notices.push("Your replays could not all be read, nor set aside: this browser refused to store them, so they are left as they were.");
      return false;
    }
    this.notices.push(what === "record"
      ? `Your replays could not be read, so they were set aside in this browser's storage under "${key}" and new ones begun.`
      : `${plural(what, "stored replay")} could not be read, so ${what === 1 ? "it was" : "they were"} set aside in this browser's storage under "${key}".`);
    return true;
  }

  #get(key) {
    try { return this.storage.getItem(key); } catch { return null; }
  }

  #remove(key) {
    try { this.storage.removeItem(key); } catch { /* refused: the record is read again next time */ }
  }
}
