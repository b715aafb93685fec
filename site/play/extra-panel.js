// play/extra-panel.js -- the shape every panel below the game's board shares (deals, notation, statistics,
// settings): a <details>, so that the board keeps the screen, with labelled fields.

import { el } from "../core/dom.js";

export function panel(title, testid, ...children) {
  return el("details", { class: "extra", "data-testid": testid }, el("summary", { text: title }), ...children);
}

export function field(labelText, input) {
  return el("label", { class: "extra-field" }, `${labelText} `, input);
}

// A field and the button that acts on it: Enter in the field does what the button does (a <form> whose
// submit is the button's action; nothing is sent anywhere).
export function fieldRow(labelText, input, action, ...buttons) {
  const row = el("form", { class: "play-controls" }, field(labelText, input), ...buttons);
  row.addEventListener("submit", (event) => { event.preventDefault(); action(); });
  return row;
}
