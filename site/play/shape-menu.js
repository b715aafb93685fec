// play/shape-menu.js -- the game's size menu: every square from 2x2 to 20x20, and "W×H", which shows a width
// and a height field for any rectangle with sides 2 to 20 (their elements are in index.html).  It reads the
// shape chosen and shows the shape on screen; dealing is the game's (game.js).
//
//   const menu = shapeMenu({ size, custom, width, height }, { onChoose, current, onDone });
//   menu.chosen();            // [width, height] the menu says, or a refusal: {refused: "one sentence"}
//   menu.show(5, 3);          // the shape on screen (a square dealt from the fields keeps them: fromFields)

import { shapeRefusal } from "../core/rules.js";

const NOT_NUMBERS = "Width and height are whole numbers of tiles, from 2 to 20.";

/** `onChoose({ focus })`: a shape was chosen (from the menu, Enter in a field, or a field changed: then no focus
 *  is moved); `current()`: the shape on screen, [width, height], put in the fields when "W×H" is picked;
 *  `onDone()`: Enter in a field that says the shape on screen -- the keys go back to the board all the same. */
export function shapeMenu(ui, { onChoose, current, onDone }) {
  const showFields = (shown) => { ui.custom.hidden = !shown; };
  ui.size.addEventListener("change", () => {
    if (ui.size.value !== "custom") { showFields(false); onChoose({ focus: true }); return; }
    showFields(true);
    [ui.width.value, ui.height.value] = current().map(String);
    ui.width.focus();
  });
  const fieldsDiffer = () => {
    const [width, height] = current();
    return ui.width.value !== String(width) || ui.height.value !== String(height);
  };
  for (const field of [ui.width, ui.height]) {
    field.addEventListener("change", () => { if (fieldsDiffer()) onChoose({ focus: false }); });
    field.addEventListener("keydown", (event) => {   // Enter: this shape, and the arrow keys slide tiles again
      if (event.key !== "Enter") return;
      event.preventDefault();
      if (fieldsDiffer()) onChoose({ focus: true }); else onDone();
    });
  }

  return {
    /** The shape the menu says, [width, height], or {refused} in the engine's words (board.py check_side). */
    chosen() {
      const fromFields = ui.size.value === "custom";
      const [width, height] = fromFields ? [Number(ui.width.value), Number(ui.height.value)]
        : [Number(ui.size.value), Number(ui.size.value)];
      if (!Number.isInteger(width) || !Number.isInteger(height)) return { refused: NOT_NUMBERS };
      const refused = shapeRefusal(width, height);
      return refused ? { refused } : { width, height, fromFields };
    },
    /** Say the shape on screen: its square, or "W×H" with the shape in the fields (a rectangle, or a square
     *  dealt from the fields, `fromFields`, which keeps them open). */
    show(width, height, { fromFields = false } = {}) {
      const custom = width !== height || fromFields;
      ui.size.value = custom ? "custom" : String(width);
      showFields(custom);
      if (custom) { ui.width.value = String(width); ui.height.value = String(height); }
    },
  };
}
