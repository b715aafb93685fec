// play/pending.js -- a finished solve's records (its replay, its statistic) between the moment it ends and the
// store's commit (core/store.js), kept at once and synchronously in localStorage, so that a reload or a tab closed
// in that moment loses nothing: each is written here before the store's transaction begins, removed once the
// store has committed it, and moved into the store when the page next opens (player-data.js).  One key a record,
// so that two tabs never overwrite each other's.  A browser that refuses localStorage keeps nothing here: the
// store's own write goes on as before.
//
//   journal("replays", record); ...; settled("replays", [record]);   // record: {id, ...}
//   journaled()   // [{name, record}], every record still waiting (this tab's or another's)

const PREFIX = "puzzlesolver-pending-v1:";
const keyOf = (name, record) => `${PREFIX}${name}:${record.id}`;

export function journal(name, record) {
  try { globalThis.localStorage?.setItem(keyOf(name, record), JSON.stringify(record)); } catch { /* refused: the store's write alone */ }
}

export function settled(name, records) {
  try { for (const record of records) globalThis.localStorage?.removeItem(keyOf(name, record)); } catch { /* nothing kept */ }
}

export function journaled() {
  const found = [];
  try {
    const storage = globalThis.localStorage;
    for (let i = 0; storage && i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const name = key.slice(PREFIX.length).split(":")[0];
      let record = null;
      try { record = JSON.parse(storage.getItem(key)); } catch { /* not ours to read: left where it is */ }
      if (record && typeof record === "object" && typeof record.id === "string" && (name === "replays" || name === "solves")) found.push({ name, record });
    }
  } catch { /* localStorage refused */ }
  return found;
}
