// play/settings-panel.js -- the settings' panel below the board (its <details> in index.html), over the player's
// settings (settings.js): a colour scheme per size (core/schemes.js), picture tiles (a built-in picture, or one of the
// person's own that is never uploaded), numbers shown or hidden, the slides' animation, which way the slide keys move
// and which keys do what (key-settings.js), and sliding on hover; each applied to the board as it is chosen, and
// when the store's values come in.
//
//   settingsPanel(root, game)   // root: the game's section; game: mountGame's object (game.js)

import { el } from "../core/dom.js";
import { SCHEMES, schemeFor, tileColour, withScheme } from "../core/schemes.js";
import { keySettings } from "./key-settings.js";
import { field, panel } from "./extra-panel.js";
import { settings } from "./settings.js";

/** The slide animation's choices: [ms a slide takes, name]; 0: none. */
const ANIMATIONS = [["110", "Slide"], ["50", "Fast slide"], ["200", "Slow slide"], ["0", "No animation"]];
const BUILT_IN_PICTURE = new URL("./pictures/harbour.svg", import.meta.url).href;

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
  return panel(root, "settings-panel",
    el("div", { class: "play-controls" }, field("Colours (kept for each size)", scheme)),
    el("div", { class: "play-controls" }, field("Tiles show", picture), file),
    el("label", { class: "check" }, numbers, " Numbers on coloured or picture tiles"),
    el("div", { class: "play-controls" }, field("Slides", animation)),
    el("div", { class: "play-controls" }, field("The slide keys move", keys)),
    keyChoices.element,
    el("label", { class: "check" }, hover, " Slide on hover (mouse): a tile slides, with its whole row or column, as the pointer enters it; holding the freeze key stops it"),
    el("p", { class: "note", text: "A picture you pick stays on this device: it is never uploaded. Tapping a tile in the blank's row or column slides the whole line at once; each tile counts as a move." }));
}
