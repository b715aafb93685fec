// play/stats.js -- the statistics panel below the board: for one board shape at a time, the best (or latest)
// single and ao5 ... ao100 of time, STM, MTM and TPS (core/averages.js), export and import, reset; and the
// recording of each counted solve of the game into the solves kept on this device (stats-record.js).  Only
// the solves that count are kept (a board the game dealt, solved without help: GameSession.uncounted).
//
//   statsPanel(root, game, data, replays)
//
// Whatever may change the statistics (a solve kept, a penalty, a delete, an import, another tab) is told on `root` as
// a "stats-changed" event, which every view of them follows (this panel, session-bar.js, session-view.js); a solve
// just kept is told as "solve-recorded" ({session, id}).  Each latest solve has +2, DNF and Delete (solve-actions.js).

import { button, el, formatTime } from "../core/dom.js";
import { AVERAGE_LENGTHS, countedValues, formatResult } from "../core/averages.js";
import { solveActions, solveTimeText } from "./solve-actions.js";
import { plural } from "../core/messages.js";
import { summarize } from "./stats-record.js";
import { keptOnlyHere } from "./replay-store.js";
import { downloadLink, panel } from "./extra-panel.js";
import { categoryLabel } from "./modes.js";

// ---- the panel -----------------------------------------------------------------------------------

const ROWS = ["single", ...AVERAGE_LENGTHS.map((n) => `ao${n}`)];
const COLUMNS = [["time", "Time"], ["stm", "STM"], ["mtm", "MTM"], ["tps", "TPS"]];

function cellText(measure, row, value) {
  return formatResult(measure, value, measure === "tps" || row !== "single" ? 3 : 0, formatTime);
}

function shapeLabel(key) {
  return categoryLabel(key);   // "4×4", or a solve type's "Marathon of 10, 4×4" (modes.js)
}

const LATEST = 12;   // the solves listed under the table, newest first

export function statsPanel(root, game, data, replays) {
  const stats = data.then(({ stats: record }) => record);   // the Stats, once the store is open
  const changed = () => root.dispatchEvent(new CustomEvent("stats-changed"));
  const view = statsView(stats, () => (game.session ? game.session.run?.category ?? `${game.session.n}x${game.session.height}` : null), replays.openId, changed);
  root.addEventListener("stats-changed", () => view.show());
  root.addEventListener("mode-recorded", changed);   // a solve type's run kept (mode-run.js)
  recordSolves(root, game, stats, changed, replays.idOf);
  data.then(({ store }) => store.onChange((stores) => { if (stores.includes("solves")) changed(); }));
  view.show();
  return panel(root, "stats-panel", view.choices, view.solvesLine, view.table, view.latest, view.message,
    el("p", { class: "note", text: "Kept on this device only. Only games the game dealt (a new puzzle, the daily puzzle) count, solved without hints or help, once each: not an exact deal, a typed position or a game opened from a link. STM counts every tile moved, MTM a slide of tiles in one line once, TPS is STM per second. aoN: the mean of N solves in a row without the best and the worst, as Slidysim keeps it; Best is the best such run, Latest your last N. Pick the best single or a solve to watch its replay; +2 adds two seconds to a solve, DNF counts it as not finished (the worst in its averages; two DNFs make an average a DNF), Delete forgets it (Undo brings it back)." }),
    transferControls(stats, view, changed));
}

/**
 * The board and view menus, the line of solves, the table and the message line; `show()` redraws them.  The
 * board shown follows the game's (`gameShape()`) until one is picked in the menu.
 */
function statsView(stats, gameShape, openReplay, changed) {
  const shapeMenu = el("select", { "data-testid": "stats-shape", id: "stats-shape" });
  const viewMenu = el("select", { "data-testid": "stats-view", id: "stats-view" },
    el("option", { value: "best", text: "Best" }), el("option", { value: "current", text: "Latest" }));
  const choices = el("div", { class: "play-controls stats-choices" },
    el("label", { class: "extra-field" }, "Board ", shapeMenu), el("label", { class: "extra-field" }, "Show ", viewMenu));
  const solvesLine = el("p", { class: "stats-count", "data-testid": "stats-solves" });
  const body = el("tbody");
  const table = el("table", { class: "stats", "data-testid": "stats-table" },
    el("caption", { class: "visually-hidden", text: "Your best single and averages for the board chosen" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "Single or average" })), ...COLUMNS.map(([, title]) => el("th", { scope: "col", text: title })))),
    body);
  // What the player must be told: an import's sentence (a note), or a record set aside or not saved (a fault).
  const message = el("p", { class: "play-message stats-message", role: "status", "data-testid": "stats-message", hidden: true });
  const say = (sentences, kind = "note", ...more) => {
    message.replaceChildren([sentences].flat().filter(Boolean).join(" "), ...more);
    message.hidden = !message.textContent;
    if (kind === "note") message.dataset.kind = "note"; else delete message.dataset.kind;
  };
  let chosen = false;

  const latestList = el("ol", { class: "stats-latest", "data-testid": "stats-solve-list" });
  const latest = el("div", { class: "stats-latest-part", hidden: true },
    el("h3", { class: "replay-heading", text: `Latest solves` }), latestList);
  const opener = (text, testid, replay, props = {}) => button(text, testid, () => openReplay(replay), { class: "stats-replay", ...props });
  let shown = 0;
  const show = async () => {
    const ticket = ++shown;
    const s = await stats;
    const shapes = await s.shapes();
    const wanted = [chosen ? shapeMenu.value : gameShape(), shapeMenu.value, shapes[0]].find((key) => shapes.includes(key));
    const solves = wanted ? await s.records(wanted) : [];
    if (ticket !== shown) return;
    shapeMenu.replaceChildren(...shapes.map((key) => el("option", { value: key, text: shapeLabel(key) })));
    choices.hidden = !shapes.length;
    solvesLine.textContent = "";
    table.dataset.shape = wanted ?? "";
    latest.hidden = !solves.length;
    if (wanted) {
      shapeMenu.value = wanted;
      const summary = summarize(solves), which = viewMenu.value;
      const singleValue = summary.time.single[which];
      const single = solves.findLast((x) => countedValues(x).time === singleValue);
      solvesLine.textContent = `${plural(summary.solves, "solve")} on ${shapeLabel(wanted)}`;
      body.replaceChildren(...ROWS.map((row) => el("tr", { "data-row": row },
        el("th", { scope: "row" }, row === "single" && single ? opener("Single", "stats-single", single.replay, { title: "Watch this solve's replay" }) : row === "single" ? "Single" : row),
        ...COLUMNS.map(([measure]) => el("td", { "data-measure": measure, text: cellText(measure, row, summary[measure][row][which]) })))));
      const acts = { stats, changed, say: (text, ...more) => say(text, "note", ...more), testid: "stats-solve" };
      latestList.replaceChildren(...solves.slice(-LATEST).reverse().map((x) => el("li", { "data-replay": x.replay ?? "", "data-id": x.id, "data-penalty": x.penalty ?? "" },
        opener(`${solveTimeText(x)} · ${x.stm} STM · ${new Date(x.date).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`, "stats-solve", x.replay),
        el("span", { class: "solve-actions" }, ...solveActions(x, acts)))));
    } else {
      body.replaceChildren(el("tr", {}, el("td", { colSpan: COLUMNS.length + 1, class: "stats-empty", text: "No solves yet: finish a dealt game without hints to start." })));
    }
    if (s.notices.length) say(s.notices.splice(0), "fault");
  };
  shapeMenu.addEventListener("change", () => { chosen = true; show(); });
  viewMenu.addEventListener("change", show);
  return { choices, solvesLine, table, latest, message, show, say };
}

/** Export (JSON, CSV), import (either, from a file) and reset. */
function transferControls(stats, view, changed) {
  const exportJson = downloadLink("Export (JSON)", "stats-export", "sliding-puzzle-stats.json", "application/json", () => stats.then((s) => s.exportJson()));
  const exportCsv = downloadLink("Export (CSV)", "stats-export-csv", "sliding-puzzle-stats.csv", "text/csv", () => stats.then((s) => s.exportCsv()));
  const file = el("input", { type: "file", accept: ".json,.csv,application/json,text/csv", "data-testid": "stats-import-file", class: "visually-hidden", tabIndex: -1, "aria-label": "Statistics to import (JSON or CSV)" });
  file.addEventListener("change", async () => {
    const picked = file.files[0];
    if (!picked) return;
    const s = await stats;
    const sentence = await s.importText(await picked.text());
    file.value = "";
    const faults = s.notices.splice(0);
    changed();   // every view of the statistics; this panel drawn before its sentence is said
    await view.show();
    view.say([sentence, ...faults], faults.length ? "fault" : "note");
  });
  const importButton = button("Import…", "stats-import", () => file.click());
  const reset = button("Reset statistics", "stats-reset", async () => {
    if (confirm("Forget every solve kept on this device?")) { await (await stats).reset(); view.say([]); changed(); }
  });
  return el("div", { class: "play-controls" }, exportJson, exportCsv, importButton, file, reset);
}

/**
 * Keep each counted solve of the game, then `shown()`.  A solve counts once per game, when a move solves it
 * here (before this panel was mounted too), and only when the session says it counts (a board the game dealt,
 * solved without help: GameSession.uncounted).  A game opened already solved (a link, a reload) does not count
 * again, nor does the same board solved again after a restart.  Its STM and MTM come from the moves played
 * (core/averages.js); its replay, the id replays.js kept it under (`replayIdOf`).
 */
function recordSolves(root, game, stats, changed, replayIdOf) {
  let seen = null;
  const recorded = new WeakSet();
  root.addEventListener("game-render", () => {
    const s = game.session;
    if (s !== seen) { seen = s; changed(); }
    if (!s.solved || s.openedSolved || recorded.has(s)) return;
    recorded.add(s);
    if (s.uncounted) return;
    const solve = { time: s.elapsedMs(), moves: s.past.join(""), optimal: s.optimalStart, replay: replayIdOf(s) };
    stats.then((record) => record.record(`${s.n}x${s.height}`, solve)).then((result) => {
      if (result && !result.kept) game.noteResult(s, keptOnlyHere(result.problem));
      if (result) root.dispatchEvent(new CustomEvent("solve-recorded", { detail: { session: s, id: result.id } }));
      changed();
    });
  });
}
