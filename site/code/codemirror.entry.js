// code/codemirror.entry.js -- NOT served: build.py bundles it with esbuild (npm, pinned) into dist/code/codemirror.js,
// the one file of CodeMirror 6 the Code view loads (and only that view).  It imports npm packages by name, which
// the browser could not resolve; everything the view needs of CodeMirror goes through `createEditor`.
//
//   const editor = createEditor(host, { text, label: "board.py", onChange: (text) => save(text) });
//   editor.text();  editor.setText("...");  editor.takeText("...");  editor.focus();
//   editor.place({ scrollTop, point: { x, y }, focus: true });   editor.key(keydownEvent);   // see lazy-editor.js

import { EditorView, basicSetup } from "codemirror";
import { EditorState } from "@codemirror/state";
import { indentUnit, syntaxHighlighting } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { keymap, runScopeHandlers } from "@codemirror/view";
import { indentWithTab } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";

/** An editor in `host` holding `text`: Python highlighting (colours from style.css, light and dark), line
 *  numbers, undo, search (Ctrl+F), soft tabs of four spaces (Tab indents; Esc then Tab leaves the editor). */
export function createEditor(host, { text = "", label = "Python file", testId = "code-editor", onChange = () => {} } = {}) {
  const stateOf = (doc, name) => EditorState.create({
    doc,
    extensions: [
      basicSetup,
      python(),
      syntaxHighlighting(classHighlighter),
      indentUnit.of("    "),
      EditorState.tabSize.of(4),
      keymap.of([indentWithTab]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        "aria-label": name, "data-testid": testId, autocapitalize: "off", autocorrect: "off", spellcheck: "false",
      }),
      EditorView.updateListener.of((update) => { if (update.docChanged) onChange(update.state.doc.toString()); }),
    ],
  });
  const view = new EditorView({ parent: host, state: stateOf(text, label) });
  return {
    view,
    text: () => view.state.doc.toString(),
    /** Replace the whole text (a file switched, uploaded or reset): a new state, so undo never crosses files. */
    setText: (newText, name = label) => view.setState(stateOf(newText, name)),
    /** The same file changed elsewhere (another tab): only the part that differs is replaced, so the caret stays
     *  where it was and undo goes on. */
    takeText(newText) {
      const old = view.state.doc.toString();
      if (old === newText) return;
      let from = 0;
      while (from < old.length && from < newText.length && old[from] === newText[from]) from += 1;
      let oldEnd = old.length, newEnd = newText.length;
      while (oldEnd > from && newEnd > from && old[oldEnd - 1] === newText[newEnd - 1]) { oldEnd -= 1; newEnd -= 1; }
      view.dispatch({ changes: { from, to: oldEnd, insert: newText.slice(from, newEnd) } });
    },
    focus: () => view.focus(),
    /** Take the place of a plain rendering of the text: its scroll, the caret at the point pressed, the focus. */
    place({ scrollTop = 0, point = null, focus = false }) {
      view.scrollDOM.scrollTop = scrollTop;
      const at = point && view.posAtCoords(point);
      if (at !== null && at !== undefined) view.dispatch({ selection: { anchor: at } });
      if (focus) view.focus();
    },
    /** A keydown that came before the editor: run as if pressed in it (its key bindings, else the character typed). */
    key(event) {
      if (runScopeHandlers(view, event, "editor")) return;
      if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        view.dispatch(view.state.replaceSelection(event.key), { scrollIntoView: true, userEvent: "input.type" });
      }
    },
  };
}
