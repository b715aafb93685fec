// core/pending.js -- records on their way to the store (core/store.js), kept at once and synchronously in
// localStorage, so that a reload or a tab closed in that moment loses nothing.  IndexedDB cannot finish a write
// while the page unloads; localStorage writes before the call returns.  A record is written here before the
// store's transaction begins (or as the page goes), removed once the store has it, and moved into the store when
// the page next opens.  One key a record (its store's key), so that two tabs never overwrite each other's.  A
// browser that refuses localStorage keeps nothing here: the store's own write goes on as before.
//
// Used for a finished solve's replay and statistic (play/replay-store.js, play/stats-record.js, moved in by
// play/player-data.js) and for the Code view's files not yet written (code/files.js).
//
//   journal("replays", record); ...; settled("replays", [record]);   // the key from STORES: record.id here
//   journaled(["replays", "solves"])   // [{name, record}], every record still waiting (this tab's or another's)

import { STORES } from "./store.js";

const PREFIX = "puzzlesolver-pending-v1:";

/** The record's key in its store, as text: "4x4-2026-..." for {id}, '["8puzzle","board.py"]' for code. */
function keyText(name, record) {
  const path = STORES[name];
  const key = Array.isArray(path) ? path.map((part) => record?.[part]) : record?.[path];
  return typeof key === "string" ? key : JSON.stringify(key);
}

const hasKey = (name, record) => {
  const path = STORES[name];
  return Boolean(path) && record !== null && typeof record === "object"
    && [path].flat().every((part) => typeof record[part] === "string");
};

export function journal(name, record) {
  try { globalThis.localStorage?.setItem(`${PREFIX}${name}:${keyText(name, record)}`, JSON.stringify(record)); } catch { /* refused: the store's write alone */ }
}

export function settled(name, records) {
  try { for (const record of records) globalThis.localStorage?.removeItem(`${PREFIX}${name}:${keyText(name, record)}`); } catch { /* nothing kept */ }
}

/** Every record still waiting for one of the stores `names`, this tab's or another's: [{name, record}]. */
export function journaled(names) {
  const found = [];
  try {
    const storage = globalThis.localStorage;
    for (let i = 0; storage && i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const name = key.slice(PREFIX.length).split(":")[0];
      if (!names.includes(name)) continue;
      let record = null;
      try { record = JSON.parse(storage.getItem(key)); } catch { /* not ours to read: left where it is */ }
      if (hasKey(name, record)) found.push({ name, record });
    }
  } catch { /* localStorage refused */ }
  return found;
}
