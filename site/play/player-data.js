// play/player-data.js -- the player's data for the Play view, opened once per page: the store (core/store.js),
// the replays (replay-store.js), the statistics (stats-record.js) and the settings (settings.js).  The records
// kept in localStorage before the store are moved in once per device, in one transaction (two tabs opening at
// once move them once); the old keys are left as they were, a backup the page no longer reads or writes.
//
// A solve whose records were still on their way to the store when the page went (core/pending.js) is moved in too.
//
//   const { store, replays, stats } = await playerData();
//   store.onChange((stores) => ...)   // another tab changed "replays", "solves" or "settings": read again

import { pageStore } from "../core/store.js";
import { ReplayStore } from "./replay-store.js";
import { Stats } from "./stats-record.js";
import { SETTINGS_KEY, migrateSettings, settings } from "./settings.js";
import { journaled, settled } from "../core/pending.js";

export const OLD_KEYS = { replays: "puzzlesolver-replays-v1", stats: "puzzlesolver-stats-v2", firstStats: "puzzlesolver-stats-v1", settings: SETTINGS_KEY };
// What the page before the store set aside in localStorage (records it could not read), under these prefixes
// and the time: copied into the store's set-aside records with the rest.
const OLD_SET_ASIDE = { "puzzlesolver-replays-set-aside-": "replays", "puzzlesolver-stats-set-aside-": "solves" };

let opened = null;

export function playerData() {
  opened ??= open();
  return opened;
}

async function open() {
  const store = await pageStore();
  const replays = new ReplayStore(store), stats = new Stats(store);
  const old = Object.fromEntries(Object.entries(OLD_KEYS).map(([what, key]) => [what, readOld(key)]));
  const asideBefore = oldSetAside();
  if (Object.values(old).some((text) => text !== null) || asideBefore.length) {
    try {
      await store.migrate("from-localStorage", ["replays", "solves", "settings", "setAside"], async (tx) => {
        await replays.migrate(tx, old.replays);
        await stats.migrate(tx, { second: old.stats, first: old.firstStats });
        await migrateSettings(tx, old.settings);
        for (const record of asideBefore) await tx.put("setAside", record);
      });
    } catch (error) {
      replays.notices.splice(0);   // nothing moved: the old records are read again next time
      stats.notices.splice(0);
      const sentence = `Your replays and statistics of before could not be moved into this browser's storage (${error.message}): they are left where they were, to be moved at the next visit.`;
      replays.notices.push(sentence);
      stats.notices.push(sentence);
    }
  }
  await movePending(store, replays, stats);
  await settings.load(store);
  store.onChange((stores) => { if (stores.includes("settings")) settings.load(store); });
  return { store, replays, stats };
}

/** The records of solves that ended as a page went (core/pending.js) into the store, each once; those the store
 *  refuses stay where they are, and in this page's lists and exports (the replays' and statistics' `unsaved`). */
async function movePending(store, replays, stats) {
  const pending = journaled(["replays", "solves"]);
  if (!pending.length) return;
  const of = (name) => pending.filter((p) => p.name === name).map((p) => p.record);
  try {
    await store.write(["replays", "solves"], async (tx) => {
      for (const { name, record } of pending) if (!(await tx.get(name, record.id))) await tx.put(name, record);
    });
    if (store.durable) for (const name of ["replays", "solves"]) settled(name, of(name));
  } catch {
    replays.unsaved.push(...of("replays"));
    stats.unsaved.push(...of("solves"));
  }
}

function readOld(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

/** The records the page before the store set aside in localStorage, as set-aside records ({from, date, reason, text, key}). */
function oldSetAside() {
  const records = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const prefix = Object.keys(OLD_SET_ASIDE).find((p) => key?.startsWith(p));
      if (!prefix) continue;
      const stamp = key.slice(prefix.length).replace(/-\d+$/, "");
      const date = Number.isNaN(Date.parse(stamp)) ? new Date().toISOString() : new Date(stamp).toISOString();
      records.push({ from: OLD_SET_ASIDE[prefix], date, reason: "set aside before the store", text: localStorage.getItem(key), key });
    }
  } catch { /* localStorage refused: nothing to copy */ }
  return records;
}
