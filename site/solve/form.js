// solve/form.js -- the solver form's inputs: the board or word pair, the custom goal, the heuristic, the
// grid editor and the examples menu, and the messages next to each field.  It reads and fills the form;
// it asks nothing of the solver (view.js does).
//
//   const form = new SolveForm(document.getElementById("solve-form"), { onEdit });
//   form.mode = "words";  form.boardParams();  form.showBoard({ n, tiles });  form.setError("board", "…");

import { boardText } from "../core/notation.js";
import { MAX_SIDE, MIN_SIDE, goalTiles, shapeRefusal } from "../core/rules.js";
import { quoted } from "../core/messages.js";

// Each field's input, the element its message goes to and where that is, in words; "link" messages have no
// input; a message about no field (a worker that died) goes under the buttons.
const FIELDS = {
  board: ["board", "board-error", "under the board"],
  goal: ["goal", "goal-error", "under the goal board"],
  heuristic: ["heuristic", "heuristic-error", "under the heuristic"],
  start_word: ["start-word", "start_word-error", "under the start word"],
  goal_word: ["goal-word", "goal_word-error", "under the goal word"],
  dictionary: ["dictionary", "dictionary-error", "under the dictionary"],
  link: [null, "link-error", "above the board"],
  step_through: [null, "form-error", "under the buttons"],   // why Learn cannot step through this puzzle
};
const NO_FIELD = [null, "form-error", "under the buttons"];

const HEURISTIC_LABELS = {
  auto: "auto: the strongest for this size",
  pdb: "pdb: pattern databases (3x3, 4x4)",
  "linear-conflict": "linear-conflict: Manhattan + line conflicts",
  "walking-distance": "walking-distance (up to 4x4)",
};

// A shape before the tiles, as the engine reads it: "4x3:" or "4x3" (width x height).
const SHAPE_FIRST = /^\s*([0-9]{1,7})\s*[xX×]\s*([0-9]{1,7})\s*:?/;

/** The text as rows of tokens when it is laid out as one board of at least 2 x 2 (rows on lines or between '/',
 *  n*n numbers on one line, or a "WxH:" shape then its tiles; numbers separated by spaces or commas, as the
 *  engine reads a board), else null: another layout (a board and its goal, a size first) or rows of unequal
 *  length.  No validation of the numbers here: the solver's check says what is wrong. */
function boardRows(text) {
  const tokens = (line) => line.split(/[\s,]+/).filter(Boolean);
  const shape = SHAPE_FIRST.exec(text);
  if (shape) {
    const [width, height] = [Number(shape[1]), Number(shape[2])];
    const values = tokens(text.slice(shape[0].length).replace(/\//g, " "));
    return values.length === width * height ? cut(values, width) : null;
  }
  let rows = text.split(/[\n/]/).map(tokens).filter((row) => row.length);
  const side = Math.round(Math.sqrt(rows.length === 1 ? rows[0].length : 0));
  if (rows.length === 1 && side >= 2 && side * side === rows[0].length) rows = cut(rows[0], side);
  const width = rows[0]?.length;
  if (rows.length < 2 || width < 2 || rows.some((row) => row.length !== width)) return null;
  return boardThenGoal(rows.flat(), width) ? null : rows;
}

/** `values` cut into rows of `width`. */
function cut(values, width) {
  const rows = [];
  for (let start = 0; start < values.length; start += width) rows.push(values.slice(start, start + width));
  return rows;
}

/** Whether rows `width` long are a board and then its goal, as the engine reads them (formats._board_then_goal):
 *  the first half holds 0..k-1 once, and so does the second or the two are a square board's pair. */
function boardThenGoal(values, width) {
  const half = values.length / 2;
  const holdsAll = (part) => part.every((value) => /^[0-9]+$/.test(value)) &&
    part.map(Number).sort((a, b) => a - b).every((value, i) => value === i);
  return Number.isInteger(half) && holdsAll(values.slice(0, half)) &&
    (half === width * width || holdsAll(values.slice(half)));
}

/** The sides the grid editor makes boards of (bigger boards are typed as text). */
const GRID_SIDES = { min: MIN_SIDE, max: 12 };

/** Why the grid cannot make a board of the width and height typed (their text), in one sentence, or null: a
 *  side left empty or not a number first, then a shape the engine refuses in its words, then a side the grid
 *  does not make. */
function gridRefusal(typed) {
  const sides = `${GRID_SIDES.min} to ${GRID_SIDES.max} tiles a side`;
  const notMade = (text) => `The grid makes boards of ${sides}, not ${quoted(text)}`;
  if (typed.some((text) => !text)) return `Type the grid's size first: ${sides}.`;
  const numbers = typed.map(Number);
  const odd = typed.find((text, i) => !Number.isInteger(numbers[i]) || numbers[i] < GRID_SIDES.min);
  if (odd !== undefined) return `${notMade(odd)}.`;
  const [width, height] = numbers;
  if (Math.max(width, height) > MAX_SIDE) return shapeRefusal(width, height);
  const big = typed.find((_, i) => numbers[i] > GRID_SIDES.max);
  if (big !== undefined) return `${notMade(big)}; boards up to ${MAX_SIDE}x${MAX_SIDE} can be typed above, one row per line.`;
  return null;
}

export class SolveForm {
  /** `onEdit(kind)`: the person changed the puzzle ("board" or "words": a field, the grid, an example) or its
   *  heuristic, so the last answer no longer applies. */
  constructor(form, { onEdit }) {
    this.form = form;
    this.$ = (id) => form.ownerDocument.getElementById(id);
    this.onEdit = onEdit;
    this.info = null;       // the solver's info, once it is ready (the list of heuristics)
    this.examples = [];
    const $ = this.$;
    $("board").addEventListener("input", () => { this.syncGridFromText(); onEdit("board"); });
    $("goal").addEventListener("input", () => onEdit("board"));
    $("heuristic").addEventListener("change", () => onEdit("board"));
    // An edited word's message was about the word before; another dictionary may know both words.
    const wordFields = { "start-word": ["start_word"], "goal-word": ["goal_word"], dictionary: ["start_word", "goal_word", "dictionary"] };
    for (const [id, fields] of Object.entries(wordFields)) {
      $(id).addEventListener("input", () => { this.clearErrors(fields); onEdit("words"); });
    }
    $("use-goal").addEventListener("change", () => this._toggleGoal());
    $("goal-field").hidden = !$("use-goal").checked;   // ticked in the page's shell before this code had loaded
    $("grid-editor").addEventListener("toggle", () => this.syncGridFromText());
    $("grid-new").addEventListener("click", () => this._newGrid());
    for (const side of ["grid-size", "grid-height"]) {
      $(side).addEventListener("keydown", (event) => {   // Enter makes the grid (it would submit the form: Solve)
        if (event.key !== "Enter") return;
        event.preventDefault();
        this._newGrid();
      });
    }
    $("example").addEventListener("change", () => this._loadExample());
    this._loadExamples();
  }

  get mode() {
    return this.form.querySelector('input[name="mode"]:checked').value;
  }

  set mode(value) {
    this.form.querySelector(`input[name="mode"][value="${value}"]`).checked = true;
    this.$("board-inputs").hidden = value !== "board";
    this.$("word-inputs").hidden = value !== "words";
    this.$("solve-heading").textContent = value === "words" ? "Solve a word ladder" : "Solve a sliding puzzle";
    this._showExamplesOf(value);
  }

  /** The examples menu offers the puzzles of the mode shown (files of no kind in both). */
  _showExamplesOf(mode) {
    for (const group of this.$("example").querySelectorAll("optgroup")) {
      group.hidden = group.disabled = !["text", mode === "words" ? "words" : "board"].includes(group.dataset.kind);
    }
  }

  // -- errors -------------------------------------------------------------------------------------------
  setError(field, message) {
    const [inputId, errorId] = FIELDS[field] || NO_FIELD;
    this.$(errorId).textContent = message;
    if (inputId) this.$(inputId).setAttribute("aria-invalid", "true");
  }

  clearErrors(fields = Object.keys(FIELDS)) {
    for (const field of fields) {
      const [inputId, errorId] = FIELDS[field];
      this.$(errorId).textContent = "";
      if (inputId) this.$(inputId).removeAttribute("aria-invalid");
    }
    this.$("form-error").textContent = "";
  }

  /** Move the focus to the field an error is about, when it is on screen (which scrolls it into view), else
   *  bring its message into view. */
  focusField(field) {
    const [inputId, errorId] = FIELDS[field] || NO_FIELD;
    if (inputId && !this.$(inputId).closest("[hidden]")) this.$(inputId).focus();
    else this.$(errorId).scrollIntoView({ block: "nearest" });
  }

  /** Where the messages about `fields` are, in words: "under the start word and the goal word". */
  whereMessages(fields) {
    const places = [...new Set(fields.map((field) => (FIELDS[field] || NO_FIELD)[2]))];
    const under = places.every((place) => place.startsWith("under ")) && places.length > 1;
    return under ? `under ${places.map((place) => place.slice("under ".length)).join(" and ")}` : places.join(" and ");
  }

  // -- what the form holds ----------------------------------------------------------------------------
  boardParams() {
    const $ = this.$;
    return { board: $("board").value, goal: $("use-goal").checked ? $("goal").value : "", heuristic: $("heuristic").value };
  }

  wordParams() {
    const $ = this.$;
    return { start: $("start-word").value, goal: $("goal-word").value, dictionary: $("dictionary").value };
  }

  showBoard({ n, tiles, goal = null, heuristic = null }) {
    this.mode = "board";
    this.$("board").value = boardText(tiles, n);
    this.setGoalText(goal ? boardText(goal, n) : "");
    if (heuristic) this.chooseHeuristic(heuristic);
    this.setNote("", null);
    this.syncGridFromText();
  }

  showWords({ start, goal, dictionary = "common" }) {
    this.mode = "words";
    this.$("start-word").value = start;
    this.$("goal-word").value = goal;
    this.$("dictionary").value = dictionary;
  }

  setGoalText(text) {
    this.$("use-goal").checked = Boolean(text);
    this.$("goal-field").hidden = !text;
    this.$("goal").value = text;
  }

  /** The note under the board: what the solver said of it (solvable or not, the estimate). */
  setNote(text, solvable) {
    const note = this.$("board-note");
    note.textContent = text;
    this.$("blank-first").hidden = true;   // offered again (offerBlankFirst) for the board that needs it
    if (solvable === null) delete note.dataset.solvable; else note.dataset.solvable = String(solvable);
  }

  /** Offer "Solve with the blank first" under the note (a board that reaches only that goal). */
  offerBlankFirst() {
    this.$("blank-first").hidden = false;
  }

  /** Back to the first board, no goal, no example, the default heuristic. */
  reset() {
    this.clearErrors();
    this.mode = "board";
    this.setGoalText("");
    this.$("example").value = "";
    this.setNote("", null);
    if (this.info) this.$("heuristic").value = this.info.default_heuristic;
  }

  // -- heuristics: the solver's list is the one list of names -----------------------------------------
  fillHeuristics(info) {
    this.info = info;
    const select = this.$("heuristic");
    const wanted = select.value;
    select.replaceChildren(...info.heuristics.map((name) => new Option(HEURISTIC_LABELS[name] || name, name)));
    select.value = info.heuristics.includes(wanted) ? wanted : info.default_heuristic;
    if (select.value !== wanted) this.setError("link", this._unknownHeuristic(wanted));
  }

  chooseHeuristic(name) {
    const select = this.$("heuristic");
    if (this.info && !this.info.heuristics.includes(name)) {
      this.setError("link", this._unknownHeuristic(name));
      return;
    }
    if (![...select.options].some((option) => option.value === name)) select.add(new Option(name, name));
    select.value = name;
  }

  _unknownHeuristic(name) {
    return `This link asks for the heuristic ${quoted(name)}, which this solver does not have; it uses ${this.info.default_heuristic} instead.`;
  }

  _toggleGoal() {
    const $ = this.$;
    $("goal-field").hidden = !$("use-goal").checked;
    if ($("use-goal").checked && !$("goal").value.trim()) {
      const rows = boardRows($("board").value);
      if (rows) $("goal").value = boardText(goalTiles(rows[0].length, rows.length), rows[0].length);
    }
    this.onEdit("board");
  }

  // -- the grid editor (layout only: the text stays the source of truth) -------------------------------
  syncGridFromText() {
    const $ = this.$;
    if (!$("grid-editor").open) return;
    const grid = $("grid");
    const rows = boardRows($("board").value);
    if (!rows) {
      $("grid-note").textContent = "The grid shows one board typed as rows of numbers, every row as long; edit the " +
        "text above, or start a new grid.";
      grid.replaceChildren();
      return;
    }
    $("grid-note").textContent = "";
    const n = rows[0].length;   // tiles to a row
    $("grid-size").value = String(n);
    $("grid-height").value = String(rows.length);
    grid.style.setProperty("--n", String(n));
    const values = rows.flat();
    if (grid.children.length !== values.length || grid.dataset.width !== String(n)) {
      grid.dataset.width = String(n);
      grid.replaceChildren(...values.map((_, i) => {
        const input = document.createElement("input");
        input.inputMode = "numeric";
        input.autocomplete = "off";
        input.setAttribute("aria-label", `row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`);
        input.dataset.testid = `grid-cell-${i}`;
        input.addEventListener("input", () => this._syncTextFromGrid());
        return input;
      }));
    }
    values.forEach((value, i) => {
      const input = grid.children[i];
      if (document.activeElement !== input) input.value = value;
    });
  }

  /** The grid's numbers into the text, once every cell has one; an empty cell is named in the grid's terms
   *  and the text (the board the solver checks and solves) stays as it was meanwhile. */
  _syncTextFromGrid() {
    const cells = [...this.$("grid").children];
    const n = Number(this.$("grid").dataset.width);
    const empty = cells.findIndex((cell) => !cell.value.trim());
    if (empty >= 0) {
      this.$("grid-note").textContent = `Row ${Math.floor(empty / n) + 1}, column ${(empty % n) + 1} is empty: type its ` +
        "number, 0 for the blank (the board above stays as it was until then).";
      return;
    }
    this.$("grid-note").textContent = "";
    this.$("board").value = cut(cells.map((cell) => cell.value.trim()), n).map((row) => row.join(" ")).join("\n");
    this.onEdit("board");
  }

  /** A new solved board of the width and height typed, or why not under the grid (the board stays as it was). */
  _newGrid() {
    const typed = ["grid-size", "grid-height"].map((id) => this.$(id).value.trim());
    const refusal = gridRefusal(typed);
    if (refusal) {
      this.$("grid-note").textContent = refusal;
      return;
    }
    const [width, height] = typed.map(Number);
    this.$("board").value = boardText(goalTiles(width, height), width);
    this.$("grid").replaceChildren();
    this.syncGridFromText();
    this.onEdit("board");
  }

  // -- examples from puzzles/ ----------------------------------------------------------------------------
  _loadExamples() {
    fetch("puzzles.json").then((r) => (r.ok ? r.json() : [])).then((list) => {
      this.examples = Array.isArray(list) ? list : [];
      const select = this.$("example");
      const groups = { board: "Sliding boards", words: "Word ladders", text: "Other files" };
      for (const [kind, label] of Object.entries(groups)) {
        const items = this.examples.map((e, i) => [e, i]).filter(([e]) => (e.kind || "text") === kind);
        if (!items.length) continue;
        const group = document.createElement("optgroup");
        group.label = label;
        group.dataset.kind = kind;
        for (const [e, i] of items) group.append(new Option(e.title || e.name, String(i)));
        select.append(group);
      }
      this._showExamplesOf(this.mode);
    }).catch(() => {});
  }

  _loadExample() {
    const example = this.examples[Number(this.$("example").value)];
    if (!example) return;
    this.clearErrors();
    if (example.kind === "words") {
      this.showWords({ start: example.start, goal: example.goal, dictionary: example.dictionary || "common" });
      this.onEdit("words");
    } else {
      this.mode = "board";
      this.$("board").value = example.board_text ?? example.text;
      this.setGoalText(example.goal_text || "");
      this.syncGridFromText();
      this.onEdit("board");
    }
  }
}
