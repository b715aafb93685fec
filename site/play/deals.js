// play/deals.js -- boards to play: the daily puzzle (the same for everyone on a date, made here from the date:
// no server).  Deals of an exact optimal length are the engine's (a "deal" job, panels.js); its
// link is read in core/links.js.  No DOM.
//
//   dailyTiles(4, "2026-11-23")       // the same 4x4 board on every device, for that date

import { dealTiles } from "../core/rules.js";

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
