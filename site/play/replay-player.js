// play/replay-player.js -- a replay played back on its own board (replay-board.js): play and pause, a move
// back or forward, the start and the end, a scrub bar, and speeds from x0.25 to x8 at the solve's own pace (each
// move when it was made; evenly spaced, as Slidysim does, when the replay has no move times).  Playing applies
// the moves one by one (one tile redrawn each); a jump or a scrub computes the position (core/replay.js
// positionAfter) and redraws only the tiles that moved.
//
//   const player = replayPlayer({ onPosition });   // player.element; onPosition(moves) after each step, jump or scrub
//   player.load(replay);              // at its start, paused
//   player.times; player.jump(moves)  // the ms of each move as played back; go to the position after `moves` moves

import { button, el } from "../core/dom.js";
import { OPPOSITE, cellForDir } from "../core/rules.js";
import { positionAfter } from "../core/replay.js";
import { ReplayBoard } from "./replay-board.js";
import { SCHEMES, schemeFor, withScheme } from "../core/schemes.js";
import { settings } from "./settings.js";

const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
const UNTIMED_MS_PER_MOVE = 1000 / 15;   // Slidysim's pace for a replay without times: 15 moves a second
// Slower than this many moves a second the tiles slide; faster they jump (a slide would lag behind).
const SLIDING_MAX_RATE = 12;
const KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Home", "End", "k", "j", "l", "a", "d", "w", "s"]);

const seconds = (ms) => (ms / 1000).toFixed(3);

/** Move times for a replay without them: spread over its time when it has one, else at Slidysim's pace. */
function evenlySpaced({ stm, timeMs }) {
  const step = timeMs && stm > 1 ? timeMs / (stm - 1) : UNTIMED_MS_PER_MOVE;
  return Array.from({ length: stm }, (_, i) => Math.round(i * step));
}

export function replayPlayer({ onPosition = () => {} } = {}) {
  const board = new ReplayBoard();
  let replay = null, tiles = [], index = 0, clock = 0, playing = false, frame = 0, last = 0;
  let times = [];   // ms at which each move is made (move i at times[i])

  const playButton = button("Play", "replay-play", () => (playing ? pause() : play()), { "aria-keyshortcuts": "Space" });
  const speed = el("select", { "data-testid": "replay-speed", "aria-label": "Speed" },
    ...SPEEDS.map((s) => el("option", { value: String(s), text: `×${s}`, selected: s === 1 })));
  const scrub = el("input", { type: "range", min: "0", max: "0", value: "0", step: "1", class: "replay-scrub",
    "data-testid": "replay-scrub", "aria-label": "Move" });
  const where = el("output", { class: "replay-where", "data-testid": "replay-where" });
  // The replay board's colours, kept for each size as the game's are (settings "replayScheme"; fringe at first).
  const scheme = el("select", { "data-testid": "replay-scheme", "aria-label": "Colours" },
    ...SCHEMES.map(([id, name]) => el("option", { value: id, text: name })));
  const controls = el("div", { class: "play-controls replay-controls" },
    button("Start", "replay-start", () => jump(0), { title: "To the start (Home)", "aria-keyshortcuts": "Home" }),
    button("◀", "replay-back", () => { pause(); stepBack(); }, { title: "One move back (←)", "aria-label": "One move back" }),
    playButton,
    button("▶", "replay-forward", () => { pause(); stepForward(); }, { title: "One move forward (→)", "aria-label": "One move forward" }),
    button("End", "replay-end", () => jump(replay ? replay.stm : 0), { title: "To the end (End)", "aria-keyshortcuts": "End" }),
    el("label", { class: "extra-field" }, "Speed ", speed),
    el("label", { class: "extra-field" }, "Colours ", scheme));
  const element = el("div", { class: "replay-player", role: "group", "aria-label": "Replay player", tabIndex: 0, hidden: true },
    board.element, scrub, where, controls);

  scrub.addEventListener("input", () => { pause(); seek(Number(scrub.value)); });
  speed.addEventListener("change", () => board.animate(slides()));
  scheme.addEventListener("change", () => {
    if (replay) settings.set("replayScheme", withScheme(settings.get("replayScheme"), replay.width, replay.height, scheme.value));
    board.paint(scheme.value);
  });
  element.addEventListener("keydown", onKey);

  const timeAt = (moves) => (moves === 0 ? 0 : times[moves - 1]);
  const rate = () => Number(speed.value);
  const slides = () => Boolean(replay) && (replay.stm / Math.max(1, timeAt(replay.stm))) * 1000 * rate() <= SLIDING_MAX_RATE;

  function load(next) {
    pause();
    replay = next;
    times = replay.times ?? evenlySpaced(replay);
    tiles = Array.from(replay.scramble);
    index = 0;
    clock = 0;
    scrub.max = String(replay.stm);
    element.hidden = false;
    scheme.value = schemeFor(settings.get("replayScheme"), replay.width, replay.height, "fringe");
    board.reset(replay.width, replay.height, tiles, scheme.value);
    board.animate(slides());
    showWhere();
  }

  function showWhere() {
    scrub.value = String(index);
    const total = replay.stm;
    where.textContent = `Move ${index} of ${total} · ${seconds(timeAt(index))} s`;
    playButton.textContent = playing ? "Pause" : "Play";
    playButton.dataset.playing = String(playing);
    onPosition(index);
  }

  function stepForward() {
    if (!replay || index >= replay.stm) return false;
    const cell = cellForDir(tiles, replay.width, replay.moves[index]);
    const blank = tiles.indexOf(0), tile = tiles[cell];
    tiles[blank] = tile;
    tiles[cell] = 0;
    board.slide(tile, blank);
    index += 1;
    if (!playing) { clock = timeAt(index); showWhere(); }
    return true;
  }

  function stepBack() {
    if (!replay || index <= 0) return;
    const cell = cellForDir(tiles, replay.width, OPPOSITE[replay.moves[index - 1]]);
    const blank = tiles.indexOf(0), tile = tiles[cell];
    tiles[blank] = tile;
    tiles[cell] = 0;
    board.slide(tile, blank);
    index -= 1;
    clock = timeAt(index);
    showWhere();
  }

  /** The position after `moves` moves, computed, not played through. */
  function seek(moves) {
    if (!replay) return;
    index = Math.max(0, Math.min(replay.stm, moves));
    tiles = positionAfter(replay, index);
    clock = timeAt(index);
    const sliding = slides();
    board.animate(false);
    board.show(tiles);
    if (sliding) requestAnimationFrame(() => board.animate(slides()));
    showWhere();
  }

  function jump(moves) {
    pause();
    seek(moves);
  }

  function play() {
    if (!replay) return;
    if (index >= replay.stm) seek(0);
    playing = true;
    last = performance.now();
    frame = requestAnimationFrame(tick);
    showWhere();
  }

  function pause() {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    if (!playing) return;
    playing = false;
    if (replay) showWhere();
  }

  function tick(now) {
    clock += (now - last) * rate();
    last = now;
    while (index < replay.stm && times[index] <= clock) stepForward();
    if (index >= replay.stm) { pause(); showWhere(); return; }
    showWhere();
    frame = requestAnimationFrame(tick);
  }

  function onKey(event) {
    if (event.ctrlKey || event.altKey || event.metaKey || !KEYS.has(event.key)) return;
    const target = event.target;
    event.stopPropagation();   // the game's keys are the section's: an arrow here is the player's, not a slide
    if (target.closest("select, input")) return;
    if (event.key === " " && target.closest("button")) return;   // the button's own click
    const back = ["ArrowLeft", "ArrowDown", "j", "a", "s"].includes(event.key);
    if (event.key === " " || event.key === "k") { playing ? pause() : play(); }
    else if (event.key === "Home") jump(0);
    else if (event.key === "End") jump(replay ? replay.stm : 0);
    else if (back) { pause(); stepBack(); }
    else { pause(); stepForward(); }
    event.preventDefault();
  }

  return { element, load, pause, jump, get replay() { return replay; }, get times() { return times; } };
}
