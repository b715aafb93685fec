// play/settings.js -- the player's settings, kept on this device (localStorage), and their panel below the
// board: picture tiles (a built-in picture, or one of the person's own that is never uploaded), which way the
// arrow keys move, and sliding on hover.  "Judge each move" and its labels are kept here too (judge.js).
//
//   settings.get("keys", "tile"); settings.set("hover", true);
//   settingsPanel(root, game)   // root: the game's section; game: mountGame's object (game.js)

import { el } from "../core/dom.js";
import { field, panel } from "./extra-panel.js";

const BUILT_IN_PICTURE = new URL("./pictures/harbour.svg", import.meta.url).href;
const SETTINGS_KEY = "puzzlesolver-settings-v1";

/** The player's settings, kept on this device (localStorage); a browser that refuses keeps none. */
export const settings = {
  all() {
    try { return JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { return {}; }
  },
  get(name, fallback) {
    const value = settings.all()[name];
    return value === undefined ? fallback : value;
  },
  set(name, value) {
    try { localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings.all(), [name]: value })); } catch { /* refused */ }
  },
};

export function settingsPanel(root, game) {
  const board = root.querySelector(".play-board");
  const picture = el("select", { id: "picture-mode", "data-testid": "picture-mode" },
    el("option", { value: "none", text: "Numbers" }), el("option", { value: "builtin", text: "Picture: harbour" }),
    el("option", { value: "own", text: "Picture: your own…" }));
  const file = el("input", { type: "file", accept: "image/*", id: "picture-file", "data-testid": "picture-file", hidden: true });
  const numbers = el("input", { type: "checkbox", id: "picture-numbers", "data-testid": "picture-numbers", checked: true });
  const keys = el("select", { id: "key-mode", "data-testid": "key-mode" },
    el("option", { value: "tile", text: "the tile" }), el("option", { value: "blank", text: "the blank" }));
  const hover = el("input", { type: "checkbox", id: "hover-mode", "data-testid": "hover-mode" });
  let ownUrl = null;

  const applyPicture = () => {
    const mode = picture.value === "own" && !ownUrl ? "none" : picture.value;
    file.hidden = picture.value !== "own";
    board.classList.toggle("has-picture", mode !== "none");
    board.classList.toggle("hide-numbers", mode !== "none" && !numbers.checked);
    board.style.setProperty("--picture", mode === "builtin" ? `url("${BUILT_IN_PICTURE}")` : mode === "own" ? `url("${ownUrl}")` : "none");
    placeTiles({ force: true });
  };
  // Each tile's home cell, for its part of the picture: once per game (and per set of buttons), not per move.
  let placed = null;
  const placeTiles = ({ force = false } = {}) => {
    const s = game.session;
    const first = board.querySelector('.play-tile[data-tile="1"]');   // a new one with every new set of buttons
    if (!s || (!force && placed && placed.session === s && placed.first === first)) return;
    placed = { session: s, first };
    const homes = new Map(s.goal.map((tile, cell) => [tile, cell]));
    for (const tileButton of board.querySelectorAll(".play-tile")) {
      const home = homes.get(Number(tileButton.dataset.tile));
      tileButton.style.setProperty("--hr", String(Math.floor(home / s.n)));
      tileButton.style.setProperty("--hc", String(home % s.n));
    }
  };
  picture.value = settings.get("picture", "none") === "builtin" ? "builtin" : "none";
  numbers.checked = settings.get("pictureNumbers", true);
  keys.value = settings.get("keys", "tile");
  hover.checked = settings.get("hover", false);
  picture.addEventListener("change", () => { settings.set("picture", picture.value); if (picture.value === "own" && !ownUrl) file.click(); applyPicture(); });
  numbers.addEventListener("change", () => { settings.set("pictureNumbers", numbers.checked); applyPicture(); });
  file.addEventListener("change", () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    if (ownUrl) URL.revokeObjectURL(ownUrl);
    ownUrl = URL.createObjectURL(chosen);   // read on this device only: never sent anywhere
    applyPicture();
  });
  const applyKeys = () => { root.dataset.keys = keys.value; };
  keys.addEventListener("change", () => { settings.set("keys", keys.value); applyKeys(); });
  hover.addEventListener("change", () => settings.set("hover", hover.checked));
  board.addEventListener("pointerover", (event) => {
    if (!hover.checked || event.pointerType !== "mouse") return;
    const tile = event.target.closest(".play-tile.can-move");
    if (tile) game.playTile(Number(tile.dataset.tile));
  });
  root.addEventListener("game-render", () => placeTiles());
  applyPicture();
  applyKeys();
  return panel("Settings: pictures, keys", "settings-panel",
    el("div", { class: "play-controls" }, field("Tiles show", picture), file),
    el("label", { class: "check" }, numbers, " Numbers on the picture"),
    el("div", { class: "play-controls" }, field("Arrow keys and W A S D move", keys)),
    el("label", { class: "check" }, hover, " Slide on hover (mouse): a tile slides, with its whole row or column, as the pointer enters it"),
    el("p", { class: "note", text: "A picture you pick stays on this device: it is never uploaded. Tapping a tile in the blank's row or column slides the whole line at once; each tile counts as a move." }));
}
