// player.js -- the player's features over the game (game.js): the page's sections (views.js), every
// move judged (player-judge.js), and the panels below the board (player-panels.js).  It listens to the
// game's "game-render" event and drives the game through mountGame's object (loadGame, play, playTile),
// so the game itself stays as it was.

import { app } from "./app.js";
import { wireViews } from "./views.js";
import { mountJudging } from "./player-judge.js";
import { dailyPuzzles, dealsPanel, notationPanel, settingsPanel, statsPanel } from "./player-panels.js";
import { el } from "./dom.js";

const SETTINGS_KEY = "puzzlesolver-settings-v1";

const settings = {
  all() {
    try { return JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { return {}; }
  },
  get(name, fallback) {
    const value = settings.all()[name];
    return value === undefined ? fallback : value;
  },
  set(name, value) {
    try { localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings.all(), [name]: value })); } catch { /* refused */ }
  },
};

/** On wide screens everything but the board and its controls goes to a column beside the board. */
function sideColumn(root) {
  // Moving an element drops its focus: keep the person's place if they were already using the game.
  const focused = document.activeElement;
  const selection = focused && typeof focused.selectionStart === "number" ? [focused.selectionStart, focused.selectionEnd] : null;
  const side = el("div", { class: "play-side" });
  const result = root.querySelector(".play-result");
  result.before(side);
  const share = root.querySelector("[data-testid=play-share]").parentElement;
  side.append(result, root.querySelector(".analysis"), share, root.querySelector(".play-extras"), root.querySelector(".play-help"));
  if (focused && root.contains(focused) && document.activeElement !== focused) {
    focused.focus({ preventScroll: true });
    if (selection) focused.setSelectionRange(...selection);
  }
}

function mountPlayer() {
  const { game, solver } = app;
  const root = document.getElementById("play");
  const judging = mountJudging(root, game, settings);
  const daily = dailyPuzzles(game);
  const ready = () => (solver.state === "ready" ? solver : null);
  const extras = el("div", { class: "play-extras" },
    dealsPanel(game, ready, daily), notationPanel(root, game), statsPanel(root, game), settingsPanel(root, game, settings));
  root.querySelector(".play-help").before(extras);
  sideColumn(root);
  root.querySelector(".play-help").textContent += " Judged moves: every move changes the optimal distance by exactly one, so a move is either optimal (−1) or a step back (+1); none is neutral.";
  const follow = () => judging.setSolver(ready());
  solver.addEventListener("status", follow);
  follow();
  window.__player = { judging, daily, settings };   // test hook
}

wireViews();
mountPlayer();
