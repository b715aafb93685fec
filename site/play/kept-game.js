// play/kept-game.js -- the game on screen, kept in this tab (sessionStorage) as the page goes, so that a reload,
// which reopens it from the address bar's link, goes on with it: a dealt game still counts in the statistics,
// the moves keep their times, and the clock does not stop.  A solve's time is wall time from its first move: a
// game whose clock was running is kept with the wall-clock time of its first move (Date.now()'s, as
// performance.now() starts again with the page), and after the reload its time is counted from there, the
// reload's seconds included, and its clock runs on at once.
//
//   keepGame(session);          // {link (without its time), time, origin, helped, firstMoveAt?, times?}
//   reloadedGame(link)          // {origin, time, helped, running, times} when `link` is the game kept, else null

const KEPT_KEY = "puzzlesolver-game-v1";

export const withoutTime = (link) => link.replace(/^#/, "").replace(/&time=[^&]*/gi, "");

export function keepGame(session, now = Date.now()) {
  const time = session.elapsedMs();
  const kept = { link: session.fragment({ time: false }), time, origin: session.origin, helped: session.helped,
    firstMoveAt: session.timerRunning ? now - time : null, times: session.moveTimesMs() };
  try { sessionStorage.setItem(KEPT_KEY, JSON.stringify(kept)); } catch { /* storage refused: a reload has the link's time */ }
}

export function reloadedGame(link, now = Date.now()) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT_KEY) || "null");
    if (!kept || kept.link !== withoutTime(link)) return null;
    const running = Number.isFinite(kept.firstMoveAt) && kept.firstMoveAt <= now;
    return { origin: String(kept.origin), time: running ? now - kept.firstMoveAt : Number(kept.time) || 0, helped: Boolean(kept.helped),
      running, times: Array.isArray(kept.times) ? kept.times : null };
  } catch { /* nothing kept */ }
  return null;
}
