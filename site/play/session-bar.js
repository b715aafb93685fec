// play/session-bar.js -- beside the timer, the current ao5 and ao12 of the board on screen in this session
// (solve-session.js; "–" until there are five or twelve solves, "DNF" with two DNFs among them); and under a solve
// just kept, its +2, DNF and Delete (solve-actions.js), until the next game.  It follows "stats-changed" and
// "solve-recorded" (stats.js) on the game's section.
//
//   sessionBar(root, game, stats, settings)   // root: the game's section (index.html's play-ao5, play-ao12 and
//                                             // play-solve-actions); stats: a promise of the Stats

import { el, formatTime } from "../core/dom.js";
import { SESSION_START, inSession, sessionAverages } from "./solve-session.js";
import { solveActions, solveTimeText } from "./solve-actions.js";

export function sessionBar(root, game, stats, settings) {
  const part = (testid) => root.querySelector(`[data-testid="${testid}"]`);
  const ao5 = part("play-ao5"), ao12 = part("play-ao12"), actions = part("play-solve-actions");
  let last = null;      // {session, id} of the solve just kept, while its game is on screen
  let said = null;      // what the actions line says after a change ({text, more}), until the next game
  let shown = 0;

  const changed = () => root.dispatchEvent(new CustomEvent("stats-changed"));
  const say = (text, ...more) => { said = text || more.length ? { text, more } : null; show(); };

  async function show() {
    const ticket = ++shown;
    const s = game.session;
    if (!s) return;
    const records = await (await stats).records(s.run?.category ?? `${s.n}x${s.height}`);   // a solve type's own (modes.js)
    if (ticket !== shown) return;
    const averages = sessionAverages(inSession(records, settings.get(SESSION_START, null)));
    ao5.textContent = formatTime(averages.ao5);
    ao12.textContent = formatTime(averages.ao12);
    const solve = last && last.session === game.session ? records.find((r) => r.id === last.id) : null;
    const words = said ? [el("span", { class: "solve-said", "data-testid": "play-solve-said", text: said.text }), ...said.more] : [];
    actions.replaceChildren(...(solve ? [el("span", { class: "solve-time", text: `This solve: ${solveTimeText(solve)}` }),
      ...solveActions(solve, { stats, changed, say, testid: "play-solve" })] : []), ...words);
    actions.hidden = !solve && !said;
  }

  root.addEventListener("solve-recorded", (event) => { last = event.detail; said = null; show(); });
  root.addEventListener("stats-changed", show);
  root.addEventListener("game-render", () => {
    if (last && last.session !== game.session) { last = null; said = null; actions.hidden = true; }
  });
  settings.whenLoaded(show);
  return { show };
}
