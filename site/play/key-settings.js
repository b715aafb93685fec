// play/key-settings.js -- the keys in the game's settings: which key does each action (keymap.js), each changed by
// pressing the new key, and back to the defaults in one press; and hover sliding frozen while the freeze key is
// held (Space at first), as Slidysim has it, so that the pointer can go back over the board without sliding tiles.
//
//   const keys = keySettings(settings, { hovering: () => hover.checked });   // keys.element; keys.frozen()

import { button, el } from "../core/dom.js";
import { ACTIONS, DEFAULT_KEYS, actionFor, assignable, keyName, keymapOf, withKey } from "./keymap.js";

export function keySettings(settings, { hovering }) {
  const list = el("dl", { class: "key-map", "data-testid": "key-map" });
  const current = () => keymapOf(settings.get("keymap"));
  let capturing = null;   // the action whose new key the next press gives
  let frozen = false;

  function draw() {
    const keys = current();
    list.replaceChildren(...ACTIONS.flatMap(([action, name]) => [
      el("dt", { text: name }),
      el("dd", {},
        el("kbd", { "data-testid": `key-${action}`, text: capturing === action ? "press a key…" : keys[action].map(keyName).join(" ") || "none" }),
        " ", button("Change", `key-change-${action}`, () => { capturing = action; draw(); }, { "aria-label": `Change the key: ${name}` })),
    ]));
  }

  // Before the game hears it (the capture phase): a press while a key is being chosen is that key, nothing else.
  document.addEventListener("keydown", (event) => {
    if (capturing) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.key !== "Escape" && assignable(event.key)) settings.set("keymap", withKey(current(), capturing, event.key));
      capturing = null;
      draw();
      return;
    }
    if (hovering() && actionFor(current(), event.key) === "freeze") {
      frozen = true;
      event.preventDefault();   // Space neither scrolls the page nor presses a tile meanwhile
    }
  }, true);
  document.addEventListener("keyup", (event) => { if (actionFor(current(), event.key) === "freeze") frozen = false; });
  addEventListener("blur", () => { frozen = false; });
  settings.whenLoaded(draw);
  draw();

  const reset = button("Default keys", "key-reset", () => { settings.set("keymap", DEFAULT_KEYS); capturing = null; draw(); });
  return { element: el("div", { class: "key-settings" }, el("p", { class: "note", text: "Keys: Change, then press the new key (Escape keeps the old one); a key does one thing." }), list, reset),
    frozen: () => frozen };
}
