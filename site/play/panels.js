// play/panels.js -- the game's extra panels, below the board: deals (exact difficulty, the daily
// puzzle), notation (export and import of moves and positions), statistics, and settings (picture
// tiles, keyboard mode, hover mode).  Each is a <details> so that the board keeps the screen.

import { CONVENTIONS, NotationError, parseMoves, parsePosition, positionText, toNotation } from "../core/notation.js";
import { EXACT_DEAL_MAX, dailyTiles, today } from "./deals.js";
import { dailyFragment } from "../core/links.js";
import { Job, progressText } from "../core/job.js";
import { Stats } from "./stats.js";
import { MIN_SIZE, MAX_SIZE, isSolvable, goalTiles } from "../core/rules.js";
import { button, copyText, el, formatTime } from "../core/dom.js";

const BUILT_IN_PICTURE = new URL("./pictures/harbour.svg", import.meta.url).href;

function panel(title, testid, ...children) {
  return el("details", { class: "extra", "data-testid": testid }, el("summary", { text: title }), ...children);
}

function field(labelText, input) {
  return el("label", { class: "extra-field" }, `${labelText} `, input);
}

// A field and the button that acts on it: Enter in the field does what the button does (a <form> whose
// submit is the button's action; nothing is sent anywhere).
function fieldRow(labelText, input, action, ...buttons) {
  const row = el("form", { class: "play-controls" }, field(labelText, input), ...buttons);
  row.addEventListener("submit", (event) => { event.preventDefault(); action(); });
  return row;
}

// ---- deals ---------------------------------------------------------------------------------------
export function dealsPanel(game, solver, daily) {
  const moves = el("input", { type: "number", min: "1", max: "60", value: "20", id: "deal-moves", "data-testid": "deal-moves", inputMode: "numeric" });
  const note = el("p", { class: "note", role: "status", "data-testid": "deal-note" });
  const again = button("Try again", "deal-again", () => dealExact());
  again.hidden = true;
  let job = null;
  const dealExact = async () => {
    const n = game.session.n, wanted = Math.round(Number(moves.value));
    again.hidden = true;
    if (!EXACT_DEAL_MAX[n]) { note.textContent = "Exact deals come in 3×3 and 4×4: choose one of those sizes."; return; }
    if (!(wanted >= 1 && wanted <= EXACT_DEAL_MAX[n])) { note.textContent = `A ${n}×${n} deal takes 1 to ${EXACT_DEAL_MAX[n]} moves.`; return; }
    if (solver.state !== "ready") { note.textContent = "Exact deals need the solver: it is still loading."; return; }
    job = new Job(solver, "deal", { n, moves: wanted }, { owner: "deal" });
    const mine = job;
    note.textContent = `Looking for a ${n}×${n} board that needs exactly ${wanted} moves…`;
    mine.addEventListener("progress", () => { if (job === mine) note.textContent = `Looking for a ${n}×${n} board that needs exactly ${wanted} moves: ${progressText(mine.progress)}`; });
    const answer = await mine.answer;
    if (job !== mine) return;
    if (answer.type !== "deal") {
      note.textContent = answer.message || "The solver could not deal this board.";
      again.hidden = answer.type === "cancelled";
      return;
    }
    daily.current = null;
    game.loadGame({ n: answer.n, tiles: answer.tiles, origin: "exact" }, { announceAs: `New ${n} by ${n} puzzle that needs exactly ${wanted} moves.` });
    note.textContent = `This ${n}×${n} board needs exactly ${wanted} moves.`;
    note.dataset.moves = String(wanted);
  };
  const shareField = el("input", { type: "text", readOnly: true, class: "play-share-link", "data-testid": "daily-share-link", "aria-label": "Link to today's puzzle", hidden: true });
  const playDaily = () => daily.load(game.session.n, today());
  const shareDaily = async () => {
    const d = daily.current || { n: game.session.n, date: today() };
    const url = `${location.origin}${location.pathname}#${dailyFragment(d.n, d.date)}`;
    const s = game.session;
    const done = daily.current && s.solved ? ` solved in ${s.moveCount} moves, ${formatTime(s.elapsedMs())}` : "";
    const text = `Sliding puzzle, daily ${d.n}×${d.n} ${d.date}${done}: ${url}`;
    shareField.value = text;
    shareField.hidden = false;
    note.textContent = (await copyText(text)) ? "Copied: today's puzzle and your result." : "Copy the text below to share.";
  };
  return panel("More deals: exact difficulty, daily puzzle", "deals-panel",
    fieldRow("Exactly", moves, dealExact, el("span", { text: "moves" }), button("Deal", "deal-exact", () => dealExact()), again),
    el("div", { class: "play-controls" }, button("Today's puzzle", "daily-play", playDaily),
      button("Share today's puzzle", "daily-share", shareDaily)),
    shareField, note,
    el("p", { class: "note", text: "Exact deals (3×3 up to 31 moves, 4×4 up to 60) come from the solver; the daily puzzle is made from the date, the same for everyone, one per size." }));
}

/** The daily puzzle: loads it and remembers which game on screen is today's (its link opens it: view.js). */
export function dailyPuzzles(game) {
  return {
    current: null,
    load(n, date) {
      const tiles = dailyTiles(n, date);
      game.loadGame({ n, tiles, origin: "deal" }, { announceAs: `Daily ${n} by ${n} puzzle for ${date}.` });
      this.current = { n, date, key: tiles.join(",") };
    },
  };
}

// ---- notation ------------------------------------------------------------------------------------
export function notationPanel(root, game) {
  const convention = el("select", { id: "notation-convention", "data-testid": "notation-convention" });
  for (const [value, text] of Object.entries(CONVENTIONS)) convention.append(el("option", { value, text }));
  const movesOut = el("output", { class: "notation", "data-testid": "notation-moves" });
  const positionOut = el("output", { class: "notation", "data-testid": "notation-position" });
  const startOut = el("output", { class: "notation", "data-testid": "notation-start" });
  const positionIn = el("input", { type: "text", id: "notation-position-input", "data-testid": "notation-position-input", placeholder: "1 2 3/4 5 6/7 8 0", spellcheck: false, autocomplete: "off" });
  const movesIn = el("input", { type: "text", id: "notation-moves-input", "data-testid": "notation-moves-input", placeholder: "R3 D2 L", spellcheck: false, autocomplete: "off" });
  const error = el("p", { class: "error", role: "alert", "data-testid": "notation-error" });

  const show = () => {
    const s = game.session;
    if (!s) return;
    movesOut.textContent = toNotation(s.past.join(""), convention.value) || "(none yet)";
    positionOut.textContent = positionText(s.tiles, s.n);
    startOut.textContent = positionText(s.start, s.n);
  };
  root.addEventListener("game-render", show);
  convention.addEventListener("change", show);

  const loadPosition = () => {
    error.textContent = "";
    try {
      const { n, tiles } = parsePosition(positionIn.value);
      if (n < MIN_SIZE || n > MAX_SIZE) throw new NotationError(`The game plays ${MIN_SIZE}×${MIN_SIZE} to ${MAX_SIZE}×${MAX_SIZE} boards.`);
      if (!isSolvable(tiles, n, goalTiles(n))) throw new NotationError("This position cannot reach the goal: the tiles' parity does not match.");
      game.loadGame({ n, tiles, origin: "typed" }, { announceAs: `Position loaded, ${n} by ${n}.` });
    } catch (e) {
      if (!(e instanceof NotationError)) throw e;
      error.textContent = e.message;
    }
  };
  const playMoves = () => {
    error.textContent = "";
    let moves;
    try { moves = parseMoves(movesIn.value, convention.value); } catch (e) {
      if (!(e instanceof NotationError)) throw e;
      error.textContent = e.message;
      return;
    }
    let played = 0;
    for (const dir of moves) {
      if (!game.play(dir)) break;
      played++;
    }
    if (played < moves.length) error.textContent = `Played ${played} of ${moves.length} moves: move ${played + 1} cannot be played here.`;
  };
  show();
  return panel("Notation: export and import", "notation-panel",
    el("p", { class: "note", text: "Moves are written as in the speedsolving community (Slidysim): U, D, L, R for the way the tiles move, with counts (R3 = three tiles slide right). The other convention, letters for the way the blank moves, is read and written too." }),
    field("Letters:", convention),
    el("p", {}, "Your moves: ", movesOut),
    el("p", {}, "Position: ", positionOut),
    el("p", {}, "Start: ", startOut),
    fieldRow("Load a position", positionIn, loadPosition, button("Load", "notation-load", loadPosition)),
    fieldRow("Play moves", movesIn, playMoves, button("Play", "notation-play", playMoves)),
    error);
}

// ---- statistics ----------------------------------------------------------------------------------
export function statsPanel(root, game) {
  const stats = new Stats(localStorage);
  const body = el("tbody");
  const table = el("table", { class: "stats", "data-testid": "stats-table" },
    el("caption", { class: "visually-hidden", text: "Your solves per size" }),
    el("thead", {}, el("tr", {}, ...["Size", "Solves", "Best time", "Fewest moves", "ao5", "ao12"].map((t) => el("th", { scope: "col", text: t })))),
    body);
  const exportLink = el("a", { text: "Export (JSON)", "data-testid": "stats-export", download: "sliding-puzzle-stats.json", href: "#" });
  const show = () => {
    const sizes = stats.sizes();
    body.replaceChildren(...(sizes.length ? sizes.map((n) => {
      const s = stats.summary(n);
      return el("tr", { "data-size": String(n) }, el("th", { scope: "row", text: `${n}×${n}` }),
        ...[String(s.solves), formatTime(s.bestTime), s.bestMoves ?? "–", formatTime(s.ao5), formatTime(s.ao12)].map((t) => el("td", { text: String(t) })));
    }) : [el("tr", {}, el("td", { colSpan: 6, class: "stats-empty", text: "No solves yet: finish a dealt game without hints to start." }))]));
  };
  exportLink.addEventListener("click", () => {
    exportLink.href = URL.createObjectURL(new Blob([stats.exportText()], { type: "application/json" }));
  });
  const reset = button("Reset statistics", "stats-reset", () => {
    if (confirm("Forget every solve kept on this device?")) { stats.reset(); show(); }
  });
  // A solve counts once per game, when a move solves it here, and only when the session says it counts
  // (a board the game dealt, solved without help: GameSession.uncounted).  A game opened already solved
  // (a link, a reload) does not count again, nor does the same board solved again after a restart.
  let seen = null, recorded = null;
  root.addEventListener("game-render", () => {
    const s = game.session;
    if (s !== seen) { seen = s; recorded = s.solved ? s : null; return; }
    if (!s.solved || recorded === s) return;
    recorded = s;
    if (s.uncounted) return;
    stats.record(s.n, { time: s.elapsedMs(), moves: s.moveCount, optimal: s.optimalStart });
    show();
  });
  show();
  return panel("Statistics", "stats-panel", table,
    el("p", { class: "note", text: "Kept on this device only. Only games the game dealt (a new puzzle, the daily puzzle) count, solved without hints or help, once each: not an exact deal, a typed position or a game opened from a link. ao5 and ao12: the mean time of your last 5 (12) solves without the best and the worst." }),
    el("div", { class: "play-controls" }, exportLink, reset));
}

// ---- settings: pictures, keys, hover -------------------------------------------------------------
export function settingsPanel(root, game, settings) {
  const board = root.querySelector(".play-board");
  const picture = el("select", { id: "picture-mode", "data-testid": "picture-mode" },
    el("option", { value: "none", text: "Numbers" }), el("option", { value: "builtin", text: "Picture: harbour" }),
    el("option", { value: "own", text: "Picture: your own…" }));
  const file = el("input", { type: "file", accept: "image/*", id: "picture-file", "data-testid": "picture-file", hidden: true });
  const numbers = el("input", { type: "checkbox", id: "picture-numbers", "data-testid": "picture-numbers", checked: true });
  const keys = el("select", { id: "key-mode", "data-testid": "key-mode" },
    el("option", { value: "tile", text: "the tile" }), el("option", { value: "blank", text: "the blank" }));
  const hover = el("input", { type: "checkbox", id: "hover-mode", "data-testid": "hover-mode" });
  let ownUrl = null;

  const applyPicture = () => {
    const mode = picture.value === "own" && !ownUrl ? "none" : picture.value;
    file.hidden = picture.value !== "own";
    board.classList.toggle("has-picture", mode !== "none");
    board.classList.toggle("hide-numbers", mode !== "none" && !numbers.checked);
    board.style.setProperty("--picture", mode === "builtin" ? `url("${BUILT_IN_PICTURE}")` : mode === "own" ? `url("${ownUrl}")` : "none");
    placeTiles();
  };
  const placeTiles = () => {
    const s = game.session;
    if (!s) return;
    for (const tileButton of board.querySelectorAll(".play-tile")) {
      const home = s.goal.indexOf(Number(tileButton.dataset.tile));
      tileButton.style.setProperty("--hr", String(Math.floor(home / s.n)));
      tileButton.style.setProperty("--hc", String(home % s.n));
    }
  };
  picture.value = settings.get("picture", "none") === "builtin" ? "builtin" : "none";
  numbers.checked = settings.get("pictureNumbers", true);
  keys.value = settings.get("keys", "tile");
  hover.checked = settings.get("hover", false);
  picture.addEventListener("change", () => { settings.set("picture", picture.value); if (picture.value === "own" && !ownUrl) file.click(); applyPicture(); });
  numbers.addEventListener("change", () => { settings.set("pictureNumbers", numbers.checked); applyPicture(); });
  file.addEventListener("change", () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    if (ownUrl) URL.revokeObjectURL(ownUrl);
    ownUrl = URL.createObjectURL(chosen);   // read on this device only: never sent anywhere
    applyPicture();
  });
  const applyKeys = () => { root.dataset.keys = keys.value; };
  keys.addEventListener("change", () => { settings.set("keys", keys.value); applyKeys(); });
  hover.addEventListener("change", () => settings.set("hover", hover.checked));
  board.addEventListener("pointerover", (event) => {
    if (!hover.checked || event.pointerType !== "mouse") return;
    const tile = event.target.closest(".play-tile.can-move");
    if (tile) game.playTile(Number(tile.dataset.tile));
  });
  root.addEventListener("game-render", placeTiles);
  applyPicture();
  applyKeys();
  return panel("Settings: pictures, keys", "settings-panel",
    el("div", { class: "play-controls" }, field("Tiles show", picture), file),
    el("label", { class: "check" }, numbers, " Numbers on the picture"),
    el("div", { class: "play-controls" }, field("Arrow keys and W A S D move", keys)),
    el("label", { class: "check" }, hover, " Slide on hover (mouse): a tile slides, with its whole row or column, as the pointer enters it"),
    el("p", { class: "note", text: "A picture you pick stays on this device: it is never uploaded. Tapping a tile in the blank's row or column slides the whole line at once; each tile counts as a move." }));
}
