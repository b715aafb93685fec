// play/settings.js -- the player's settings, kept on this device (the store's "settings", one record a name:
// core/store.js), and their panel below the board: a colour scheme per size (core/schemes.js), picture tiles (a
// built-in picture, or one of the person's own that is never uploaded), numbers shown or hidden, the slides'
// animation, which way the slide keys move and which keys do what (key-settings.js), and sliding on hover.  "Judge each move" and its
// labels are kept here too (judge.js).
//
//   settings.get("keys", "tile"); settings.set("hover", true);
//   settings.whenLoaded(() => ...)   // once the store's values are in (and again when another tab changes them)
//   settingsPanel(root, game)   // root: the game's section; game: mountGame's object (game.js)

import { el } from "../core/dom.js";
import { SCHEMES, schemeFor, tileColour, withScheme } from "../core/schemes.js";
import { keySettings } from "./key-settings.js";

/** The slide animation's choices: [ms a slide takes, name]; 0: none. */
const ANIMATIONS = [["110", "Slide"], ["50", "Fast slide"], ["200", "Slow slide"], ["0", "No animation"]];
import { field, panel } from "./extra-panel.js";

const BUILT_IN_PICTURE = new URL("./pictures/harbour.svg", import.meta.url).href;
export const SETTINGS_KEY = "puzzlesolver-settings-v1";   // where they were kept before the store (moved in once)

/** The player's settings: read from memory, written through to the store (a store that refuses keeps them for the page). */
export const settings = {
  values: {},
  store: null,
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
    for (const listener of settings.loaded) listener();
  },
  whenLoaded(listener) {
    settings.loaded.add(listener);
    if (settings.store) listener();
  },
};

/** The settings of before (localStorage's text, or null) into the store, in the migration's `tx`. */
export async function migrateSettings(tx, text) {
  let values = null;
  try { values = JSON.parse(text ?? "null"); } catch { /* unreadable: nothing but taste was lost */ }
  if (!values || typeof values !== "object") return;
  for (const [name, value] of Object.entries(values)) await tx.put("settings", { name, value });
}

export function settingsPanel(root, game) {
  const board = root.querySelector(".play-board");
  const picture = el("select", { id: "picture-mode", "data-testid": "picture-mode" },
    el("option", { value: "none", text: "Numbers" }), el("option", { value: "builtin", text: "Picture: harbour" }),
    el("option", { value: "own", text: "Picture: your own…" }));
  const file = el("input", { type: "file", accept: "image/*", id: "picture-file", "data-testid": "picture-file", hidden: true });
  const scheme = el("select", { id: "play-scheme", "data-testid": "play-scheme" },
    ...SCHEMES.map(([id, name]) => el("option", { value: id, text: name })));
  const numbers = el("input", { type: "checkbox", id: "picture-numbers", "data-testid": "picture-numbers", checked: true });
  const keys = el("select", { id: "key-mode", "data-testid": "key-mode" },
    el("option", { value: "tile", text: "the tile" }), el("option", { value: "blank", text: "the blank" }));
  const hover = el("input", { type: "checkbox", id: "hover-mode", "data-testid": "hover-mode" });
  const animation = el("select", { id: "play-animation", "data-testid": "play-animation" },
    ...ANIMATIONS.map(([ms, name]) => el("option", { value: ms, text: name })));
  const keyChoices = keySettings(settings, { hovering: () => hover.checked });
  let ownUrl = null;

  // The scheme kept for the size on screen (a game of another size shows its own).
  const keptScheme = () => (game.session ? schemeFor(settings.get("scheme"), game.session.n, game.session.height) : scheme.value);
  const applyLook = () => {
    scheme.value = keptScheme();
    const mode = picture.value === "own" && !ownUrl ? "none" : picture.value;
    file.hidden = picture.value !== "own";
    board.classList.toggle("has-picture", mode !== "none");
    board.dataset.scheme = mode === "none" ? scheme.value : "plain";   // a picture is its own colouring
    board.classList.toggle("hide-numbers", (mode !== "none" || scheme.value !== "plain") && !numbers.checked);
    board.style.setProperty("--picture", mode === "builtin" ? `url("${BUILT_IN_PICTURE}")` : mode === "own" ? `url("${ownUrl}")` : "none");
    placeTiles({ force: true });
  };
  // Each tile's home cell, for its part of the picture and its colour: once per game (and per set of buttons),
  // not per move.
  let placed = null;
  const placeTiles = ({ force = false } = {}) => {
    const s = game.session;
    const first = board.querySelector('.play-tile[data-tile="1"]');   // a new one with every new set of buttons
    if (!s || (!force && placed && placed.session === s && placed.first === first)) return;
    placed = { session: s, first };
    const homes = new Map(s.goal.map((tile, cell) => [tile, cell]));
    for (const tileButton of board.querySelectorAll(".play-tile")) {
      const home = homes.get(Number(tileButton.dataset.tile));
      const row = Math.floor(home / s.n), col = home % s.n, colour = tileColour(scheme.value, s.n, s.height, row, col);
      tileButton.style.setProperty("--hr", String(row));
      tileButton.style.setProperty("--hc", String(col));
      tileButton.style.setProperty("--hue", String(colour?.hue ?? 0));
      tileButton.style.setProperty("--shade", String(colour?.shade ?? 0));
    }
  };
  const fromSettings = () => {
    if (!(picture.value === "own" && ownUrl)) picture.value = settings.get("picture", "none") === "builtin" ? "builtin" : "none";
    numbers.checked = settings.get("pictureNumbers", true);
    keys.value = settings.get("keys", "tile");
    hover.checked = settings.get("hover", false);
    animation.value = ANIMATIONS.some(([ms]) => ms === settings.get("animation")) ? settings.get("animation") : "110";
  };
  fromSettings();
  picture.addEventListener("change", () => { settings.set("picture", picture.value); if (picture.value === "own" && !ownUrl) file.click(); applyLook(); });
  numbers.addEventListener("change", () => { settings.set("pictureNumbers", numbers.checked); applyLook(); });
  scheme.addEventListener("change", () => {
    const s = game.session;
    if (s) settings.set("scheme", withScheme(settings.get("scheme"), s.n, s.height, scheme.value));
    applyLook();
  });
  file.addEventListener("change", () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    if (ownUrl) URL.revokeObjectURL(ownUrl);
    ownUrl = URL.createObjectURL(chosen);   // read on this device only: never sent anywhere
    applyLook();
  });
  const applyKeys = () => { root.dataset.keys = keys.value; };
  keys.addEventListener("change", () => { settings.set("keys", keys.value); applyKeys(); });
  hover.addEventListener("change", () => settings.set("hover", hover.checked));
  const applyAnimation = () => board.style.setProperty("--slide-ms", `${animation.value}ms`);
  animation.addEventListener("change", () => { settings.set("animation", animation.value); applyAnimation(); });
  board.addEventListener("pointerover", (event) => {
    if (!hover.checked || event.pointerType !== "mouse" || keyChoices.frozen()) return;
    const tile = event.target.closest(".play-tile.can-move");
    if (tile) game.playTile(Number(tile.dataset.tile));
  });
  root.addEventListener("game-render", () => { if (scheme.value !== keptScheme()) applyLook(); else placeTiles(); });
  settings.whenLoaded(() => { fromSettings(); applyLook(); applyKeys(); applyAnimation(); });
  applyLook();
  applyKeys();
  applyAnimation();
  return panel("Settings: colours, pictures, keys, animation", "settings-panel",
    el("div", { class: "play-controls" }, field("Colours (kept for each size)", scheme)),
    el("div", { class: "play-controls" }, field("Tiles show", picture), file),
    el("label", { class: "check" }, numbers, " Numbers on coloured or picture tiles"),
    el("div", { class: "play-controls" }, field("Slides", animation)),
    el("div", { class: "play-controls" }, field("The slide keys move", keys)),
    keyChoices.element,
    el("label", { class: "check" }, hover, " Slide on hover (mouse): a tile slides, with its whole row or column, as the pointer enters it; holding the freeze key stops it"),
    el("p", { class: "note", text: "A picture you pick stays on this device: it is never uploaded. Tapping a tile in the blank's row or column slides the whole line at once; each tile counts as a move." }));
}
