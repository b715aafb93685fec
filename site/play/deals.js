// play/deals.js -- boards to play beyond a new puzzle, and their panel ("More deals"): the daily puzzle (the
// same for everyone on a date, made here from the date: no server) and deals of an exact optimal length (the
// engine's: a "deal" job).  The daily puzzle's link is read in core/links.js.
//
//   dailyTiles(4, "2026-11-23")       // the same 4x4 board on every device, for that date
//   const daily = dailyPuzzles(game); daily.load(4, today());
//   dealsPanel(root, game, solver, daily)   // the panel below the board (its <details> in index.html)

import { DAILY_SIZES, dealTiles } from "../core/rules.js";
import { dailyFragment } from "../core/links.js";
import { progressText } from "../core/job.js";
import * as ops from "../core/ops.js";
import { button, copyText, el, formatTime } from "../core/dom.js";
import { fieldRow, panel } from "./extra-panel.js";

/** The exact-difficulty deals the engine offers (webapi `deal` with `moves`), longest per size. */
export const EXACT_DEAL_MAX = { 3: 31, 4: 60 };

/** Today on this device's calendar, as YYYY-MM-DD. */
export function today(date = new Date()) {
  const pad = (k) => String(k).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// cyrb53: a 53-bit string hash, good enough to seed a deal.
function hash53(text) {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

// mulberry32: a small seeded generator of 32-bit numbers.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0);
  };
}

/** A seeded random(k) in [0, k), unbiased (rejection sampling), as dealTiles expects. */
export function seededRandom(text) {
  const next = mulberry32(hash53(text) % 4294967296);
  return (k) => {
    const limit = Math.floor(0x100000000 / k) * k;
    for (;;) {
      const value = next();
      if (value < limit) return value % k;
    }
  };
}

export function dailyTiles(n, date) {
  return dealTiles(n, undefined, seededRandom(`puzzlesolver daily ${date} ${n}x${n}`));
}

/** The daily puzzle: loads it and remembers which game on screen is today's (its link opens it: view.js). */
export function dailyPuzzles(game) {
  return {
    current: null,
    load(n, date) {
      const tiles = dailyTiles(n, date);
      game.loadGame({ n, tiles, origin: "deal", caption: `Daily puzzle of ${date}, ${n}×${n}: the same board for everyone.` },
        { announceAs: `Daily ${n} by ${n} puzzle for ${date}.` });
      this.current = { n, date, key: tiles.join(",") };
    },
  };
}

// ---- the panel ----------------------------------------------------------------------------------
export function dealsPanel(root, game, solver, daily) {
  const moves = el("input", { type: "number", min: "1", max: "60", value: "20", id: "deal-moves", "data-testid": "deal-moves", inputMode: "numeric" });
  const note = el("p", { class: "note", role: "status", "data-testid": "deal-note" });
  const again = button("Try again", "deal-again", () => dealExact());
  again.hidden = true;
  let job = null;
  const dealExact = async () => {
    const n = game.session.n, wanted = Math.round(Number(moves.value));
    again.hidden = true;
    if (!EXACT_DEAL_MAX[n] || game.session.height !== n) { note.textContent = "Exact deals come in 3×3 and 4×4: choose one of those sizes."; return; }
    if (!(wanted >= 1 && wanted <= EXACT_DEAL_MAX[n])) { note.textContent = `A ${n}×${n} deal takes 1 to ${EXACT_DEAL_MAX[n]} moves.`; return; }
    if (solver.state !== "ready") { note.textContent = "Exact deals need the solver: it is still loading."; return; }
    job = ops.deal(solver, { n, moves: wanted }, { owner: "deal" });
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
  // Daily puzzles come in the squares DAILY_SIZES (3x3 to 7x7); on another shape the button says so.
  const dailyShape = () => {
    const { n, height } = game.session;
    return n === height && n >= DAILY_SIZES.min && n <= DAILY_SIZES.max ? n : null;
  };
  const dailyRefusal = `Daily puzzles come in ${DAILY_SIZES.min}×${DAILY_SIZES.min} to ${DAILY_SIZES.max}×${DAILY_SIZES.max}: choose one of those sizes.`;
  const playDaily = () => {
    if (dailyShape() === null) { note.textContent = dailyRefusal; return; }
    daily.load(dailyShape(), today());
  };
  const shareDaily = async () => {
    if (!daily.current && dailyShape() === null) { note.textContent = dailyRefusal; return; }
    const d = daily.current || { n: dailyShape(), date: today() };
    const url = `${location.origin}${location.pathname}#${dailyFragment(d.n, d.date)}`;
    const s = game.session;
    const done = daily.current && s.solved ? ` solved in ${s.moveCount} moves, ${formatTime(s.elapsedMs())}` : "";
    const text = `Sliding puzzle, daily ${d.n}×${d.n} ${d.date}${done}: ${url}`;
    shareField.value = text;
    shareField.hidden = false;
    const copied = done ? "Copied: today's puzzle and your result." : "Copied: today's puzzle.";
    note.textContent = (await copyText(text)) ? copied : "Copy the text below to share.";
  };
  return panel(root, "deals-panel",
    fieldRow("Exactly", moves, dealExact, el("span", { text: "moves" }), button("Deal", "deal-exact", () => dealExact()), again),
    el("div", { class: "play-controls" }, button("Today's puzzle", "daily-play", playDaily),
      button("Share today's puzzle", "daily-share", shareDaily)),
    shareField, note,
    el("p", { class: "note", text: "Exact deals (3×3 up to 31 moves, 4×4 up to 60) come from the solver; the daily puzzle is made from the date, the same for everyone, one per size (3×3 to 7×7). Other sizes and shapes get random deals." }));
}
