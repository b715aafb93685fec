// code/lazy-editor.js -- the Code view's editor: the file is drawn at once as plain numbered lines, and CodeMirror (the
// real editor, code/codemirror.js: 130 KiB gzipped and 150-250 ms of a phone's main thread to start) takes their
// place the first time the student reaches for the text -- a press, the focus or a key.  Opening the view then
// costs a phone nothing it does not use.  Keys pressed while CodeMirror loads are replayed into it in order, and
// the caret lands where the press was.  (Keys pressed in that moment, a tenth of a second at most here, are not
// yet text: a page closed before CodeMirror has come does not keep them.)
//
//   const editor = lazyEditor(host, { load: () => import("./codemirror.js"), onChange: (text) => save(text) });
//   editor.setText(text, "board.py");   // the whole file (a file switched, uploaded or reset): undo starts afresh
//   editor.takeText(text);              // the same file changed elsewhere: the caret and undo stay
//   editor.text();  await editor.upgrade();   // CodeMirror, loaded now

import { el } from "../core/dom.js";

export function lazyEditor(host, { load, onChange = () => {}, onError = () => {}, testId = "code-editor" }) {
  let content = "";
  let name = "No file";
  let real = null;         // CodeMirror's editor, once loaded
  let loading = null;      // its promise
  let pointer = null;      // where the press that asked for it was
  const keys = [];         // keydown events that came before it
  const plain = el("div", { class: "code-plain", tabIndex: 0, role: "textbox", "aria-multiline": "true", "data-testid": testId });
  host.replaceChildren(plain);

  function draw() {
    plain.setAttribute("aria-label", name);
    plain.replaceChildren(...content.split("\n").map((line) => el("div", { class: "code-plain-line", text: line })));
  }

  function upgrade() {
    loading ??= load().then((module) => {
      const focused = plain.contains(document.activeElement);
      const { scrollTop } = plain;
      host.replaceChildren();
      real = module.createEditor(host, { text: content, label: name, testId, onChange: (text) => { content = text; onChange(text); } });
      real.place({ scrollTop, point: pointer, focus: focused });
      for (const event of keys.splice(0)) real.key(event);
      host.dataset.ready = "true";
      return real;
    }, (error) => {
      loading = null;   // the next press tries again
      keys.length = 0;
      onError(error);
      return null;
    });
    return loading;
  }

  plain.addEventListener("pointerdown", (event) => { pointer = { x: event.clientX, y: event.clientY }; upgrade(); });
  plain.addEventListener("focus", upgrade);
  plain.addEventListener("keydown", (event) => {
    if (event.key === "Tab" || event.key === "Escape") return;   // the keyboard leaves the text as it would anything
    event.preventDefault();
    keys.push(event);
    upgrade();
  });
  draw();

  return {
    text: () => (real ? real.text() : content),
    setText(text, newName = name) {
      content = text;
      name = newName;
      if (real) real.setText(text, name); else draw();
    },
    takeText(text) {
      content = text;
      if (real) real.takeText(text); else draw();
    },
    focus: () => (real ? real.focus() : plain.focus()),
    upgrade,
  };
}
