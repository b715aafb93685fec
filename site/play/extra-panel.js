// play/extra-panel.js -- the shape every panel below the game's board shares (deals, notation, statistics, session,
// replays, settings): a <details> of the shell, so that the board keeps the screen, with labelled fields.

import { el } from "../core/dom.js";

/** The panel `testid` of the game's shell (index.html holds each <details> with its summary, so that nothing moves
 *  when its module fills it in), with `children` put in when it is first opened: closed <details> holding elements
 *  cost Chromium layouts of their hidden content while the page loads. */
export function panel(root, testid, ...children) {
  const details = root.querySelector(`details.extra[data-testid="${testid}"]`);
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    details.append(...children);
  };
  // A press on the summary fills it at once (the toggle event comes a task later); opened otherwise, on toggle.
  details.querySelector("summary").addEventListener("click", fill);
  details.addEventListener("toggle", () => { if (details.open) fill(); });
  if (details.open) fill();
  return details;
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

// A link that downloads what `text()` resolves to (an export read from the store): the click waits for the
// text, then downloads it as `name`.
export function downloadLink(label, testid, name, type, text) {
  const link = el("a", { text: label, "data-testid": testid, download: name, href: "#" });
  let ready = false;
  link.addEventListener("click", async (event) => {
    if (ready) { ready = false; return; }   // the click below: the browser downloads the file
    event.preventDefault();
    const url = URL.createObjectURL(new Blob([await text()], { type }));
    link.href = url;
    ready = true;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  });
  return link;
}
