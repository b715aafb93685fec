// play/replays.js -- the Replays panel below the board: a replay link pasted (Slidysim's, in any form, or this
// page's #replay=) or opened from the address, summed up (size, STM, MTM, time, TPS) and played back
// (replay-player.js); shared back as either link; and the player's own finished solves, each kept as a replay
// on this device (replay-store.js), listed, opened and exported.
//
//   const replays = replaysPanel(root, game);   // replays.element; replays.openLink("replay=...")
//   replays.idOf(session)                         // the id a finished game's replay was kept under, or undefined

import { button, copyText, el, formatTime } from "../core/dom.js";
import { Replay, ReplayError, parseReplayLink, replayFragment, slidysimLink } from "../core/replay.js";
import { ReplayStore } from "./replay-store.js";
import { replayPlayer } from "./replay-player.js";
import { panel, fieldRow } from "./extra-panel.js";

const SUMMARY = [["size", "Size"], ["stm", "STM"], ["mtm", "MTM"], ["time", "Time (s)"], ["tps", "TPS"]];

/** The numbers a replay is summed up by, as plain text: "7x7", "425", "263", "14.950", "28.428"; the TPS
 *  rounded to the thousandth, as Slidysim's links keep it (score.tps, x1000). */
export function summaryNumbers(replay) {
  return {
    size: `${replay.width}x${replay.height}`,
    stm: String(replay.stm),
    mtm: String(replay.mtm),
    time: replay.timeMs === null ? "–" : (replay.timeMs / 1000).toFixed(3),
    tps: replay.tps === null ? "–" : (Math.round(replay.tps * 1000) / 1000).toFixed(3),
  };
}

export function replaysPanel(root, game) {
  const store = new ReplayStore(localStorage);
  const player = replayPlayer();
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
  const share = shareControls(() => player.replay);
  const list = el("ol", { class: "replay-list", "data-testid": "replay-list", reversed: true });
  const listNote = el("p", { class: "note", "data-testid": "replay-list-note" });
  const details = panel("Replays", "replay-panel",
    importRow,
    el("p", { class: "note", id: "replay-import-note", text: "A Slidysim replay link (a world record's, a friend's) or this page's #replay= link: any board from 2x2 to 20x20." }),
    message, summary, player.element, share.element,
    el("h3", { class: "replay-heading", text: "Your solves" }), listNote, list, exportLink(store));
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

  function show(replay) {
    const numbers = summaryNumbers(replay);
    summary.replaceChildren(...SUMMARY.map(([key, title]) => el("div", {},
      el("dt", { text: title }), el("dd", { "data-measure": key, text: numbers[key] }))));
    summary.dataset.timeMs = replay.timeMs ?? "";
    summary.hidden = false;
    player.load(replay);
    share.reset();
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

  function showList() {
    const entries = store.list();
    list.replaceChildren(...entries.slice().reverse().map(({ id, date, replay }) => {
      const when = new Date(date).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      const text = `${when} · ${replay.width}×${replay.height} · ${formatTime(replay.timeMs)} · ${replay.stm} STM · ${summaryNumbers(replay).tps} TPS`;
      return el("li", { "data-id": id }, button(text, "replay-item", () => { show(replay); say(""); player.element.scrollIntoView({ block: "nearest" }); }));
    }));
    listNote.textContent = entries.length ? "Kept on this device, newest first: pick one to watch it."
      : "Each game you finish is kept here as a replay, on this device only.";
    if (store.notices.length) say(store.notices.splice(0).join(" "), "problem");
  }

  // Each game once, when a move solves it here: one opened already solved (a link, a reload) is not kept again.
  let seen = null;
  root.addEventListener("game-render", () => {
    const s = game.session;
    if (s !== seen) { seen = s; if (s?.solved) kept.set(s, undefined); }
    if (!s || !s.solved || kept.has(s)) return;
    const replay = replayOf(s);
    kept.set(s, replay ? store.add(replay) ?? undefined : undefined);
    showList();
  });
  showList();

  return { element: details, openLink, importText, idOf: (session) => kept.get(session) };
}

/** A finished game as a Replay (the standard goal only: a replay ends on it), or null. */
function replayOf(session) {
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

function exportLink(store) {
  const link = el("a", { text: "Export your replays (JSON)", "data-testid": "replay-export", download: "sliding-puzzle-replays.json", href: "#" });
  link.addEventListener("click", () => { link.href = URL.createObjectURL(new Blob([store.exportJson()], { type: "application/json" })); });
  return el("p", {}, link);
}
