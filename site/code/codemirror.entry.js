// code/codemirror.entry.js -- NOT served: build.py bundles it with esbuild (npm, pinned) into dist/code/codemirror.js,
// the one file of CodeMirror 6 the Code view loads (and only that view).  It imports npm packages by name, which
// the browser could not resolve; everything the view needs of CodeMirror goes through `createEditor`.
//
//   const editor = createEditor(host, { text, label: "board.py", onChange: (text) => save(text) });
//   editor.text();  editor.setText("..."); editor.focus();

import { EditorView, basicSetup } from "codemirror";
import { EditorState } from "@codemirror/state";
import { indentUnit, syntaxHighlighting } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { keymap } from "@codemirror/view";
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
    focus: () => view.focus(),
  };
}
