// play/settings.js -- the player's settings, kept on this device (the store's "settings", one record a name:
// core/store.js): the colour schemes, pictures, animation, keys and hover of settings-panel.js, the keymap
// (keymap.js), "Judge each move" and its labels (judge.js), the solve type (mode-menu.js), the session's start.  Read
// before the store has opened, they are the defaults; player-data.js loads them.
//
//   settings.get("keys", "tile"); settings.set("hover", true);
//   settings.whenLoaded(() => ...)   // once the store's values are in (and again when another tab changes them)

export const SETTINGS_KEY = "puzzlesolver-settings-v1";   // where they were kept before the store (moved in once)

/** The player's settings: read from memory, written through to the store (a store that refuses keeps them for the page). */
export const settings = {
  values: {},
  store: null,
  ready: false,   // the store's values read (a listener that came while they were being read waits for them)
  loaded: new Set(),
  get(name, fallback) {
    const value = settings.values[name];
    return value === undefined ? fallback : value;
  },
  set(name, value) {
    settings.values[name] = value;
    if (!settings.store) settings.early.add(name);   // before the store opened: written once it has
    settings.store?.put("settings", { name, value }).catch(() => { /* refused: kept for this page */ });
  },
  early: new Set(),
  /** Read them from `store` (player-data.js does, at start and when another tab changes them), then tell.  A
   *  setting changed before the store opened is the person's latest word: it is kept, and written. */
  async load(store) {
    const first = !settings.store;
    settings.store = store;
    try {
      for (const { name, value } of await store.all("settings")) if (!(first && settings.early.has(name))) settings.values[name] = value;
      if (first) for (const name of settings.early) settings.set(name, settings.values[name]);
    } catch { /* unreadable: the defaults */ }
    settings.ready = true;
    for (const listener of settings.loaded) listener();
  },
  whenLoaded(listener) {
    settings.loaded.add(listener);
    if (settings.ready) listener();
  },
};

/** The settings of before (localStorage's text, or null) into the store, in the migration's `tx`. */
export async function migrateSettings(tx, text) {
  let values = null;
  try { values = JSON.parse(text ?? "null"); } catch { /* unreadable: nothing but taste was lost */ }
  if (!values || typeof values !== "object") return;
  for (const [name, value] of Object.entries(values)) await tx.put("settings", { name, value });
}
