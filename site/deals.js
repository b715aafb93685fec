// deals.js -- boards to play: the daily puzzle (the same for everyone on a date, made here from the date:
// no server) and deals of an exact optimal length (asked of the engine).  No DOM.
//
//   dailyTiles(4, "2026-11-23")       // the same 4x4 board on every device, for that date
//   dailyLink(4, "2026-11-23")        // "daily=2026-11-23&n=4"
//   await exactDeal(solver, 4, 50)    // {n, tiles} needing exactly 50 moves, or throws with the reason

import { dealTiles } from "./game-core.js";

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

export function dailyLink(n, date) {
  return `daily=${date}&n=${n}`;
}

/** A "daily=YYYY-MM-DD&n=N" link read, or null when the text is not one. */
export function parseDailyLink(text) {
  const match = /^#?daily=(\d{4}-\d{2}-\d{2})(?:&n=([3-7]))?$/.exec(text);
  return match ? { date: match[1], n: Number(match[2] || 4) } : null;
}

/** A board of side n needing exactly `moves` optimal moves, from the engine; throws an Error with its reason. */
export async function exactDeal(solver, n, moves) {
  const answer = await solver.request("deal", { n, moves });
  if (answer.type !== "deal") throw new Error(answer.message || "the solver could not deal this board");
  return { n: answer.n, tiles: answer.tiles };
}
