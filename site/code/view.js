// code/view.js -- the Code view (#code): a student writes the assignment's Board and Solver in Python, in a real editor
// (CodeMirror, bundled by build.py into code/codemirror.js and loaded at the first press in the text: lazy-editor.js),
// and runs them against the assignment's tests (puzzlesolver.teach) in a Python of their own (runner.js), a row per
// test.  The files are kept on this device (files.js over core/store.js), and a change made in another tab shows
// here.  Nothing of the student's runs without a press of Run.

import { el, button } from "../core/dom.js";
import { pageStore } from "../core/store.js";
import { CodeRunner } from "./runner.js";
import { CodeFiles } from "./files.js";
import { lazyEditor } from "./lazy-editor.js";
import { resultRow } from "./results.js";

const EXERCISE_KEY = "code-exercise";   // the settings record of the exercise last open

export function mount(view, context) {
  const $ = (selector) => view.querySelector(selector);
  const exerciseMenu = $("[data-testid=code-exercise]");
  const tabs = $("[data-code-tabs]");
  const editorHost = $("[data-code-editor]");
  const upload = $("[data-testid=code-upload]");
  const message = $("[data-testid=code-message]");
  const runButton = $("[data-testid=code-run]");
  const stopButton = $("[data-testid=code-stop]");
  const summary = $("[data-testid=code-summary]");
  const results = $("[data-testid=code-results]");
  const undoButton = $("[data-testid=code-undo-reset]");

  const runner = new CodeRunner();
  let store = null;
  let exercises = [];          // [{id, title, files}], from Python
  let files = null;            // the open exercise's CodeFiles
  let shownFile = null;        // the file name in the editor
  let editor = null;
  let run = null;              // the run under way, if any

  const say = (text) => { message.textContent = text || ""; };
  const noticesOf = () => files?.notices.splice(0).join(" ") ?? "";

  async function start() {
    runner.warm().catch((error) => say(error.message));
    editor = lazyEditor(editorHost, {
      load: () => import("./codemirror.js"),
      onChange: (text) => shownFile && files.edit(shownFile, text),
      onError: (error) => say(`The editor could not load (${error.message}): press the text to try again.`),
    });
    store = await (context.store ?? pageStore()).catch(() => null);
    if (store && !store.durable && store.problem) say(`Your code cannot be kept: ${store.problem}. Download your files before you leave.`);
    store?.onChange((stores) => { if (stores.includes("code")) takeOtherTabsChanges(); });
    try {
      exercises = (await runner.ask({ type: "exercises" })).exercises;
    } catch (error) {
      say(`Python could not start for your code: ${error.message}`);
      return;
    }
    exerciseMenu.replaceChildren(...exercises.map(({ id, title }) => el("option", { value: id, text: title })));
    const last = store ? (await store.get("settings", EXERCISE_KEY).catch(() => null))?.value : null;
    await openExercise(exercises.some(({ id }) => id === last) ? last : exercises[0].id);
    runButton.disabled = false;
  }

  async function openExercise(id) {
    await files?.flush();
    exerciseMenu.value = id;
    const exercise = exercises.find((entry) => entry.id === id);
    files = new CodeFiles(store, id, exercise.files, { onNotice: () => say(files.notices.join(" ")) });
    await files.load();
    undoButton.hidden = true;
    showFile(files.files[0]?.name ?? null);
    say(noticesOf());
    store?.put("settings", { name: EXERCISE_KEY, value: id }).catch(() => {});
  }

  function showFile(name) {
    shownFile = name;
    const file = name && files.file(name);
    editor.setText(file ? file.text : "", name ?? "No file");
    drawTabs();
  }

  /** Another tab kept a change of these files: show it (the caret and undo stay), and say so. */
  async function takeOtherTabsChanges() {
    const current = files;
    const { changed, kept } = await current?.refresh() ?? { changed: [], kept: [] };
    if (current !== files || (!changed.length && !kept.length)) return;
    if (!files.file(shownFile)) showFile(files.files[0]?.name ?? null);
    else {
      if (changed.includes(shownFile)) editor.takeText(files.file(shownFile).text);
      drawTabs();
    }
    say([
      changed.length ? `Changed in another tab: ${changed.join(", ")}. This tab shows the files as they are now.` : "",
      kept.length ? `Also changed in another tab while you typed here: ${kept.join(", ")}. Your text is kept; the other tab's was set aside in this browser's store.` : "",
    ].filter(Boolean).join(" "));
  }

  function drawTabs() {
    tabs.replaceChildren(...files.files.map(({ name }) => {
      const tab = el("span", { class: "code-tab" },
        button(name, "code-file", () => showFile(name), { "aria-current": String(name === shownFile) }));
      if (files.files.length > 1) {
        tab.append(button("×", "code-file-remove", () => removeFile(name), { "aria-label": `Remove ${name}`, title: `Remove ${name}` }));
      }
      return tab;
    }));
  }

  function removeFile(name) {
    const text = files.file(name)?.text ?? "";
    files.remove(name);
    if (shownFile === name) showFile(files.files[0]?.name ?? null); else drawTabs();
    say(`${name} was removed (${text.split("\n").length} lines): upload it again to bring it back.`);
  }

  async function uploadFiles() {
    const refused = [];
    let last = null;
    for (const file of upload.files) {
      const added = await files.add(file);
      if (added.refused) refused.push(added.refused); else last = added.name;
    }
    upload.value = "";
    if (last) showFile(last); else drawTabs();
    const replaced = files.replacedStarter ? "Your upload took the starter files' place (Reset brings them back)." : "";
    files.replacedStarter = false;
    say([replaced, ...refused, noticesOf()].filter(Boolean).join(" "));
  }

  function download() {
    const file = files.file(shownFile);
    if (!file) return;
    const link = el("a", { href: URL.createObjectURL(new Blob([file.text], { type: "text/x-python" })), download: file.name });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  function reset() {
    files.reset();
    showFile(files.files[0]?.name ?? null);
    undoButton.hidden = false;
    say("Your files were set back to the starter. Undo brings yours back.");
  }

  function undoReset() {
    files.undoReset();
    showFile(files.files[0]?.name ?? null);
    undoButton.hidden = true;
    say("Your files are back.");
  }

  async function runTests() {
    if (run || !files) return;
    summary.textContent = "Tests running: reading your files…";
    await files.flush();
    say(noticesOf());
    results.replaceChildren();
    runButton.disabled = exerciseMenu.disabled = true;
    stopButton.disabled = false;
    let total = 0, done = 0;
    run = runner.run(files.exercise, files.sources, {
      onPlan: (tests) => { total = tests.length; summary.textContent = `Tests running: 1 of ${total}…`; },
      onRow: (row) => {
        results.append(resultRow(row));
        done += 1;
        if (done < total) summary.textContent = `Tests running: ${done + 1} of ${total}…`;
      },
    });
    try {
      const outcome = await run;
      if (outcome.error) {
        results.append(resultRow({ name: "files", method: "import", title: "Reading your files", status: outcome.stopped ? "stopped" : "error", message: outcome.error }));
        summary.textContent = "0 of 1 passed: your files could not be read.";
      } else {
        summary.textContent = outcome.stopped ? `Stopped: ${outcome.passed} of ${outcome.total} passed (${outcome.ran} run).`
          : `${outcome.passed} of ${outcome.total} passed.`;
      }
    } catch (error) {
      summary.textContent = `The tests could not run: ${error.message}`;
    } finally {
      run = null;
      runButton.disabled = exerciseMenu.disabled = false;
      stopButton.disabled = true;
    }
  }

  exerciseMenu.addEventListener("change", () => openExercise(exerciseMenu.value));
  upload.addEventListener("change", uploadFiles);
  $("[data-testid=code-download]").addEventListener("click", download);
  $("[data-testid=code-reset]").addEventListener("click", reset);
  undoButton.addEventListener("click", undoReset);
  runButton.addEventListener("click", runTests);
  stopButton.addEventListener("click", () => runner.stop());
  // Leaving the page (or the tab going to the background) notes and writes what the half-second delay still holds.
  const leaving = () => { files?.leaving(); files?.flush(); };
  addEventListener("pagehide", leaving);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") leaving(); });

  start();
  return { open() {}, hooks: { runner, get files() { return files; }, get editor() { return editor; } } };
}
