// play/replays.js -- the Replays panel below the board: a replay link pasted (Slidysim's, in any form, or this
// page's #replay=) or opened from the address, summed up (size, STM, MTM, time, TPS) and played back
// (replay-player.js), compared with the solver's optimum (replay-analysis.js); shared back as either link; and the
// player's own finished solves, each kept as a replay on this device (replay-store.js over the page's store),
// listed, opened, exported and imported (a file of another device's export: nothing doubled).  The list follows
// other tabs' solves as they are kept.
//
//   const replays = replaysPanel(root, game, data, judge);   // data: playerData()'s promise; replays.element
//   replays.openLink("replay=..."); replays.openId(id)  // a link, or a kept replay (a statistics row's)
//   replays.idOf(session)                               // the id a finished game's replay is kept under, or undefined

import { button, copyText, el, formatTime } from "../core/dom.js";
import { formatStatNumber } from "../core/averages.js";
import { Replay, ReplayError, parseReplayLink, replayFragment, slidysimLink } from "../core/replay.js";
import { MAX_KEPT, newReplayId } from "./replay-store.js";
import { replayPlayer } from "./replay-player.js";
import { replayAnalysis } from "./replay-analysis.js";
import { replayGraph } from "./replay-graph.js";
import { downloadLink, panel, fieldRow } from "./extra-panel.js";
import { runNav, runText } from "./replay-runs.js";

const SUMMARY = [["size", "Size"], ["stm", "STM"], ["mtm", "MTM"], ["time", "Time (s)"], ["tps", "TPS"]];

/** The numbers a replay is summed up by, as plain text: "7x7", "425", "263", "14.950", "28.428"; the TPS
 *  to the thousandth by the one rule of core/averages.js (Slidysim's). */
export function summaryNumbers(replay) {
  return {
    size: `${replay.width}x${replay.height}`,
    stm: String(replay.stm),
    mtm: String(replay.mtm),
    time: replay.timeMs === null ? "–" : (replay.timeMs / 1000).toFixed(3),
    tps: replay.tps === null ? "–" : formatStatNumber(replay.tps, 3),
  };
}

export function replaysPanel(root, game, data, judge) {
  const graph = replayGraph({ seek: (moves) => player.jump(moves) });   // the pace and Moves/MD of the replay shown
  const player = replayPlayer({ onPosition: (moves) => graph.position(moves) });
  const runs = runNav((board) => show(board, runs));   // a marathon's or a relay's boards, one after another
  const analysis = replayAnalysis(judge);   // the solver's view of the replay shown
  const message = el("p", { class: "play-message replay-message", role: "status", "data-testid": "replay-message", hidden: true });
  const say = (text, kind = "problem") => {
    message.textContent = text;
    message.hidden = !text;
    message.dataset.kind = kind;
  };
  const input = el("input", { type: "text", "data-testid": "replay-import", placeholder: "https://slidysim.github.io/replay?r=…",
    autocomplete: "off", spellcheck: false, "aria-describedby": "replay-import-note" });
  const importRow = fieldRow("Replay link", input, () => importText(input.value), el("button", { type: "submit", text: "Open", "data-testid": "replay-open" }));
  const summary = el("dl", { class: "replay-summary", "data-testid": "replay-summary", hidden: true });
  const about = el("p", { class: "replay-about", "data-testid": "replay-about", hidden: true });
  const share = shareControls(() => player.replay);
  const list = el("ol", { class: "replay-list", "data-testid": "replay-list", reversed: true });
  const listNote = el("p", { class: "note", "data-testid": "replay-list-note" });
  const details = panel(root, "replay-panel",
    importRow,
    el("p", { class: "note", id: "replay-import-note", text: "A Slidysim replay link (a world record's, a friend's) or this page's #replay= link: any board from 2x2 to 20x20." }),
    message, summary, about, runs.element, player.element, graph.element, share.element, analysis.element,
    el("h3", { class: "replay-heading", text: "Your solves" }), listNote, list, transfer());
  let importing = 0;

  /** Read a pasted link and play it; a refused one gets its sentence and changes nothing. */
  async function importText(text) {
    const ticket = ++importing;
    say("Reading the replay…", "note");
    try {
      const replay = await parseReplayLink(text);
      if (ticket !== importing) return false;
      show(replay);
      say("");
      return true;
    } catch (error) {
      // Never a silent failure: a fault of this page's own still ends the "Reading…" line with a sentence.
      if (ticket === importing) say(error instanceof ReplayError ? error.message : "This replay could not be read: this page failed on it.");
      if (!(error instanceof ReplayError)) throw error;
      return false;
    }
  }

  function show(replay, run = null) {
    if (run !== runs) runs.load(run, replay);   // a run's board (its nav moving on keeps its place), or none
    const numbers = summaryNumbers(replay);
    summary.replaceChildren(...SUMMARY.map(([key, title]) => el("div", {},
      el("dt", { text: title }), el("dd", { "data-measure": key, text: numbers[key] }))));
    summary.dataset.timeMs = replay.timeMs ?? "";
    summary.hidden = false;
    about.replaceChildren(...aboutParts(replay.about));
    about.hidden = !replay.about;
    player.load(replay);
    graph.show(replay, player.times);
    share.reset();
    analysis.show(replay);
  }

  /** A #replay= link from the address: the panel opens with it loaded, or says why it cannot. */
  async function openLink(link) {
    details.open = true;
    input.value = "";
    const opened = await importText(`#${link.replace(/^#/, "")}`);
    details.scrollIntoView({ block: "start" });
    return opened;
  }

  // ---- the player's own solves ---------------------------------------------------------------

  const kept = new WeakMap();   // session -> the id its replay was kept under

  let listed = 0;
  async function showList() {
    const ticket = ++listed;
    const { replays, store } = await data;
    const entries = await replays.list();
    if (ticket !== listed) return;
    const unsaved = new Set(replays.unsaved.map((record) => record.id));
    if (!store.durable) for (const { id } of entries) unsaved.add(id);   // a store in memory: all of them
    list.replaceChildren(...entries.slice().reverse().map(({ id, date, replay, helped, run }) => {
      const when = new Date(date).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      const text = `${when} · ${runText({ replay, run }) ?? `${replay.width}×${replay.height} · ${formatTime(replay.timeMs)} · ${replay.stm} STM · ${summaryNumbers(replay).tps} TPS`}` +
        (helped ? " · helped by the solver" : "") + (unsaved.has(id) ? " · only in this tab" : "");
      return el("li", { "data-id": id, ...(helped ? { "data-helped": "true" } : {}), ...(run ? { "data-type": run.type } : {}) },
        button(text, "replay-item", () => { show(run ? run.boards[0] : replay, run); say(""); player.element.scrollIntoView({ block: "nearest" }); }));
    }));
    listNote.textContent = entries.length ? "Kept on this device, newest first: pick one to watch it."
      : "Each game you finish is kept here as a replay, on this device only.";
    if (replays.notices.length) say(replays.notices.splice(0).join(" "), "problem");
  }

  /** A kept replay (a statistics row's): the panel opens with it, or says it is no longer kept. */
  async function openId(id) {
    details.open = true;
    const entry = id ? await (await data).replays.find(id) : null;
    if (entry) { show(entry.run ? entry.run.boards[0] : entry.replay, entry.run); say(""); } else {
      say(id ? `This solve's replay is no longer kept: only the latest ${MAX_KEPT} replays and your bests are.`
        : "This solve has no replay: it was played before this page kept replays.", "note");
    }
    details.scrollIntoView({ block: "start" });
    return Boolean(entry);
  }

  // Each game once, when a move solves it here (before this panel was mounted too): one opened already solved (a
  // link, a reload) is not kept again.  Its id is known at once (the statistics name it); a replay the store
  // refuses is said under "Solved!".
  root.addEventListener("game-render", () => {
    const s = game.session;
    if (!s || !s.solved || s.openedSolved || kept.has(s)) return;
    const replay = replayOf(s);
    const id = replay ? newReplayId(replay) : undefined;
    kept.set(s, id);
    if (!replay) return;
    const counted = !s.uncounted;   // the statistics keep it too (stats.js): the replays' cap counts it among the bests
    data.then(({ replays }) => replays.add(replay, id, { counted, helped: s.helped })).then(({ kept: safe, problem }) => {
      if (!safe) game.noteResult(s, problem);
      showList();
    });
  });
  data.then(({ store }) => store.onChange((stores) => { if (stores.includes("replays")) showList(); }));
  root.addEventListener("mode-recorded", () => showList());   // a solve type's run kept (mode-run.js)
  showList();

  /** Export every replay kept (JSON), and import such a file (each replay once, whatever was kept before). */
  function transfer() {
    const exported = downloadLink("Export your replays (JSON)", "replay-export", "sliding-puzzle-replays.json", "application/json",
      async () => (await data).replays.exportJson());
    const file = el("input", { type: "file", accept: ".json,application/json", "data-testid": "replay-import-file", class: "visually-hidden",
      tabIndex: -1, "aria-label": "Replays to import (a JSON export)" });
    file.addEventListener("change", async () => {
      const picked = file.files[0];
      if (!picked) return;
      const sentence = await (await data).replays.importText(await picked.text());
      file.value = "";
      say(sentence, sentence.startsWith("Nothing") ? "problem" : "note");
      showList();
    });
    return el("p", { class: "play-controls" }, exported, button("Import replays…", "replay-import-button", () => file.click()), file);
  }

  return { element: details, openLink, openId, importText, idOf: (session) => kept.get(session) };
}

/** Who solved it, when, and a link to its video, from an imported link (checked by core/replay-about.js: the name
 *  is text, the video an https: address). */
function aboutParts(about) {
  if (!about) return [];
  const parts = [];
  if (about.by) parts.push(`Solved by ${about.by}`);
  if (about.date) parts.push(new Date(about.date).toLocaleDateString(undefined, { dateStyle: "medium" }));
  const video = about.video && el("a", { href: about.video, target: "_blank", rel: "noopener noreferrer", text: "Video", "data-testid": "replay-video" });
  return [parts.join(", ") + (video && parts.length ? " · " : ""), ...(video ? [video] : [])];
}

/** A finished game as a Replay (the standard goal only: a replay ends on it), or null. */
function replayOf(session) {
  if (session.origin === "run") return null;   // a board of a solve type's run: the run is kept whole (mode-run.js)
  const times = session.moveTimesMs();
  try {
    return new Replay({ width: session.n, height: session.height, scramble: session.start, moves: session.past.join(""),
      times, timeMs: Math.round(session.elapsedMs()) });
  } catch (error) {
    if (error instanceof ReplayError) return null;
    throw error;
  }
}

/** Copy the replay's #replay= link or its Slidysim link; the link shows, selected, when copying is refused. */
function shareControls(current) {
  const shown = el("input", { type: "text", readOnly: true, class: "play-share-link", "data-testid": "replay-share-link", "aria-label": "Replay link", hidden: true });
  const copy = (make) => async () => {
    const replay = current();
    if (!replay) return;
    const link = await make(replay);
    shown.value = link;
    shown.hidden = false;
    const copied = await copyText(link);
    shown.dataset.copied = String(copied);
    if (!copied) { shown.focus(); shown.select(); }
  };
  const ours = button("Copy replay link", "replay-share", copy(async (r) => location.href.replace(/#.*$/, "") + await replayFragment(r)));
  const slidysim = button("Copy Slidysim link", "replay-share-slidysim", copy(slidysimLink));
  const element = el("div", { class: "play-controls", hidden: true }, ours, slidysim, shown);
  return { element, reset: () => { element.hidden = false; shown.hidden = true; shown.value = ""; } };
}
