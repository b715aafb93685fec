// core/store.js -- what players and students make, kept on this device in one IndexedDB database that several
// tabs share safely: replays, solves (the statistics), settings, code (the Code view's files), the records that
// could not be read (set aside, never dropped) and the store's own notes (migrations done).  No DOM.
//
// Every replay and every solve is a record of its own, under its own key, written in a transaction: two tabs
// add records side by side and never rewrite each other's (there is no big blob to read, change and write
// back).  A committed change is told to the other tabs (BroadcastChannel "puzzlesolver-store"), whose panels
// read the store again.  Where IndexedDB cannot be opened (some private windows, a browser that refuses) the
// store keeps the records in memory for as long as the page lives: `durable` is false and `problem` says why,
// in a sentence callers show where the player looks.  A write that fails (the storage is full) rejects with a
// StoreError whose `kind` is "full", "unavailable" or "failed"; callers keep what they could not write in
// memory and say so.
//
//   const store = await openStore();           // or openStore({ indexedDB: null }): memory only (Node, tests)
//   await store.put("replays", { id: "4x4-2026-11-28T10:00:00.000Z", date, width: 4, ... });
//   await store.all("replays");                // every record, in key order
//   await store.get("settings", "keys");       // a record, or undefined
//   await store.write(["replays", "solves"], async (tx) => {   // one transaction: all of it is kept, or none
//     const solves = await tx.all("solves");
//     for (const old of await tx.all("replays")) if (...) await tx.delete("replays", old.id);
//     await tx.put("replays", record);
//   });                                        // tx: get, all, count, put, delete, clear; store.read(names, fn) too
//   await store.setAside("replays", text, "it does not play to its goal");   // kept in "setAside"; its key
//   await store.migrate("replays-from-localStorage", ["replays"], async (tx) => { ... });   // once per device,
//                                              // even with two tabs opening at once; true when it ran now
//   const stop = store.onChange((stores) => redraw());   // another tab (or another store) changed `stores`
//   await store.persist();                     // ask, once per device and quietly, that the browser keep it all
//   await store.listCode("8-puzzle"); await store.putCode({ exercise, name, text });   // `updated` is set
//   await store.deleteCode("8-puzzle", "solver.py");
//
// Object stores and keys: replays (id), solves (id), settings (name: {name, value}), code ([exercise, name]:
// {exercise, name, text, updated}), setAside (a number given by the store: {from, date, reason, text}),
// meta (name: {name, value}).

const DB_NAME = "puzzlesolver";
const VERSION = 1;
const CHANNEL = "puzzlesolver-store";
export const STORES = { replays: "id", solves: "id", settings: "name", code: ["exercise", "name"], setAside: null, meta: "name" };

export class StoreError extends Error {
  constructor(message, kind) {
    super(message);
    this.name = "StoreError";
    this.kind = kind;   // "full" (quota exceeded), "unavailable" (no IndexedDB) or "failed"
  }
}

const FULL = "this browser's storage for this page is full";
const UNAVAILABLE = "this browser lets the page keep nothing on this device (a private window does that)";
const SLOW = "this browser did not open its storage for this page";
const OPEN_WAIT_MS = 10_000;   // an open that never ends (some browsers' bug) is given up after this

function storeError(error) {
  if (error instanceof StoreError) return error;
  const name = error?.name ?? "";
  if (name === "QuotaExceededError" || error?.inner?.name === "QuotaExceededError") return new StoreError(FULL, "full");
  return new StoreError(`this browser refused to store it (${name || "an error"})`, "failed");
}

/** The store, on IndexedDB when the browser has it and opens it, else in memory (`durable` false). */
export async function openStore({ indexedDB = globalThis.indexedDB, name = DB_NAME, channel = true } = {}) {
  if (!indexedDB) return new Store(new MemoryBackend(), { problem: UNAVAILABLE, channel: false });
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(null), OPEN_WAIT_MS); });
  const opening = openDatabase(indexedDB, name);
  try {
    const db = await Promise.race([opening, late]);
    if (db) return new Store(new IdbBackend(db), { channel });
    opening.then((lateDb) => lateDb.close(), () => {});   // opened after all: this page keeps to memory
    return new Store(new MemoryBackend(), { problem: SLOW, channel: false });
  } catch {
    return new Store(new MemoryBackend(), { problem: UNAVAILABLE, channel: false });
  } finally {
    clearTimeout(timer);
  }
}

let shared = null;
/** The page's one store (opened on first use): every module of the page shares it. */
export function pageStore() {
  shared ??= openStore();
  return shared;
}

function openDatabase(indexedDB, name) {
  return new Promise((resolve, reject) => {
    let request;
    try { request = indexedDB.open(name, VERSION); } catch (error) { reject(error); return; }
    request.onupgradeneeded = () => {   // migrations of the database's shape go here, by oldVersion
      const db = request.result;
      for (const [store, keyPath] of Object.entries(STORES)) {
        if (db.objectStoreNames.contains(store)) continue;
        db.createObjectStore(store, keyPath === null ? { autoIncrement: true } : { keyPath });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();   // a newer page upgrades: this one lets it
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new StoreError("another tab holds an older version of the store", "failed"));
  });
}

export class Store {
  constructor(backend, { problem = null, channel = true } = {}) {
    this.backend = backend;
    this.durable = problem === null;
    this.problem = problem;   // why nothing is kept past this page, or null
    this.listeners = new Set();
    this.channel = channel && typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    if (this.channel) this.channel.onmessage = (event) => this.#heard(event.data?.stores ?? []);
  }

  /** Run `fn(tx)` in one read-only transaction over `names`; its result. */
  read(names, fn) {
    return this.#run([names].flat(), "readonly", fn);
  }

  /** Run `fn(tx)` in one read-write transaction over `names`: all its writes are kept, or none (StoreError). */
  async write(names, fn) {
    const stores = [names].flat();
    const result = await this.#run(stores, "readwrite", fn);
    this.channel?.postMessage({ stores });
    return result;
  }

  all(name) { return this.read(name, (tx) => tx.all(name)); }
  get(name, key) { return this.read(name, (tx) => tx.get(name, key)); }
  put(name, record) { return this.write(name, (tx) => tx.put(name, record)); }
  delete(name, key) { return this.write(name, (tx) => tx.delete(name, key)); }

  /** Keep what could not be read under a key of its own; that key. */
  setAside(from, text, reason) {
    return this.write("setAside", (tx) => tx.put("setAside", { from, date: new Date().toISOString(), reason, text }));
  }

  /** Move `records` of store `name` (those still there: another read or tab may have moved them meanwhile) into
   *  one set-aside record; {key, count} (key null when none was left). */
  moveAside(name, records, reason) {
    return this.write([name, "setAside"], async (tx) => {
      const still = [];
      for (const record of records) if (record?.id !== undefined && await tx.get(name, record.id)) still.push(record);
      for (const record of still) await tx.delete(name, record.id);
      if (!still.length) return { key: null, count: 0 };
      const key = await tx.put("setAside", { from: name, date: new Date().toISOString(), reason, text: JSON.stringify(still) });
      return { key, count: still.length };
    });
  }

  /** Run `fn(tx)` once per device under `name` (a note in meta written in the same transaction); true when it ran. */
  migrate(name, names, fn) {
    return this.write(["meta", ...names], async (tx) => {
      if (await tx.get("meta", name)) return false;
      await fn(tx);
      await tx.put("meta", { name, value: new Date().toISOString() });
      return true;
    });
  }

  /** Ask the browser, once per device and without a word, to keep this store when space runs short. */
  async persist() {
    if (!this.durable || !globalThis.navigator?.storage?.persist) return;
    try {
      if (await this.get("meta", "persist-asked")) return;
      await this.put("meta", { name: "persist-asked", value: new Date().toISOString() });
      if (!(await navigator.storage.persisted())) await navigator.storage.persist();
    } catch { /* not granted, or not asked: the data is kept as best effort */ }
  }

  /** `listener(stores)` when another tab changed those stores; returns a function that stops it. */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- code (the Code view's files) -------------------------------------------------------------
  async listCode(exercise) {
    return (await this.all("code")).filter((record) => record.exercise === exercise);
  }
  putCode({ exercise, name, text }) {
    return this.put("code", { exercise, name, text, updated: new Date().toISOString() });
  }
  deleteCode(exercise, name) {
    return this.delete("code", [exercise, name]);
  }

  #heard(stores) {
    for (const listener of this.listeners) listener(stores);
  }

  async #run(names, mode, fn) {
    try {
      return await this.backend.run(names, mode, fn);
    } catch (error) {
      throw storeError(error);
    }
  }
}

// ---- IndexedDB ---------------------------------------------------------------------------------------

const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

class IdbBackend {
  constructor(db) { this.db = db; }

  async run(names, mode, fn) {
    const tx = this.db.transaction(names, mode);
    const committed = new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new DOMException("The transaction was aborted.", "AbortError"));
    });
    committed.catch(() => {});   // awaited below: no unhandled rejection meanwhile
    // A request that throws at once (a browser that refuses to write) rejects like one that fails later.
    const call = (f) => { try { return done(f()); } catch (error) { return Promise.reject(error); } };
    const os = (name) => tx.objectStore(name);
    const api = {
      get: (name, key) => call(() => os(name).get(key)),
      all: (name) => call(() => os(name).getAll()),
      count: (name) => call(() => os(name).count()),
      put: (name, record) => call(() => os(name).put(record)),
      delete: (name, key) => call(() => os(name).delete(key)),
      clear: (name) => call(() => os(name).clear()),
    };
    let result;
    try {
      result = await fn(api);
    } catch (error) {
      try { tx.abort(); } catch { /* already ended */ }
      await committed.catch(() => {});
      throw error;
    }
    await committed;
    return result;
  }
}

// ---- memory: where IndexedDB is not to be had (and in Node) -------------------------------------------

const keyOf = (keyPath, record) => JSON.stringify(Array.isArray(keyPath) ? keyPath.map((k) => record[k]) : record[keyPath]);

class MemoryBackend {
  constructor() {
    this.maps = Object.fromEntries(Object.keys(STORES).map((name) => [name, new Map()]));
    this.next = 1;
    this.queue = Promise.resolve();   // one transaction at a time, as IndexedDB runs overlapping ones
  }

  run(names, mode, fn) {
    const clone = (value) => (value === undefined ? undefined : structuredClone(value));
    const map = (name) => { if (!names.includes(name)) throw new StoreError(`${name} is not in this transaction`, "failed"); return this.maps[name]; };
    const writable = (name) => { if (mode !== "readwrite") throw new StoreError("a read-only transaction", "failed"); return map(name); };
    const sorted = (name) => [...map(name).entries()].sort(([a], [b]) => compareKeys(JSON.parse(a), JSON.parse(b))).map(([, v]) => clone(v));
    const api = {
      get: async (name, key) => clone(map(name).get(JSON.stringify(key))),
      all: async (name) => sorted(name),
      count: async (name) => map(name).size,
      put: async (name, record) => {
        const keyPath = STORES[name];
        const key = keyPath === null ? JSON.stringify(this.next++) : keyOf(keyPath, record);
        writable(name).set(key, clone(record));
        return JSON.parse(key);
      },
      delete: async (name, key) => { writable(name).delete(JSON.stringify(key)); },
      clear: async (name) => { writable(name).clear(); },
    };
    const result = this.queue.then(() => fn(api));
    this.queue = result.catch(() => {});
    return result;
  }
}

/** IndexedDB's order for the keys used here: numbers, then strings, then arrays. */
function compareKeys(a, b) {
  const rank = (k) => (typeof k === "number" ? 0 : typeof k === "string" ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (Array.isArray(a)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) { const c = compareKeys(a[i], b[i]); if (c) return c; }
    return a.length - b.length;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
