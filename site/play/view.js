// play/view.js -- the Play view: the game (game.js) with every move judged (judge.js) and the
// panels beside the board (panels.js: deals, notation, statistics, settings).  Its links:
// #play=N:tiles[&goal=...][&moves=...] restores a game, #daily=YYYY-MM-DD&n=N opens that date's daily
// puzzle, #game (or no fragment) shows the game on screen.

import { mountGame } from "./game.js";
import { mountJudging } from "./judge.js";
import { dailyPuzzles, dealsPanel, notationPanel, settingsPanel, statsPanel } from "./panels.js";
import { FragmentError, parseDaily } from "../core/links.js";

const SETTINGS_KEY = "puzzlesolver-settings-v1";
const FIRST_SIZE = 4;

/** The player's settings, kept on this device (localStorage); a browser that refuses keeps none. */
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

export function mount(section, { solver, router, budgets }) {
  const game = mountGame(section, { solver, budgets, onFragment: (fragment) => router.publish(fragment, "play") });
  mountJudging(section, game, settings, solver);
  const daily = dailyPuzzles(game);
  section.querySelector("[data-extras]").append(dealsPanel(game, solver, daily), notationPanel(section, game),
    statsPanel(section, game), settingsPanel(section, game, settings));

  function open(name, link) {
    if (link.startsWith("daily=")) openDaily(link);
    else if (link) { if (!game.session || link !== game.fragment()) game.loadFragment(link); }
    else if (!game.session) game.newPuzzle(FIRST_SIZE);
  }

  function openDaily(link) {
    try {
      const { n, date } = parseDaily(link);
      daily.load(n, date);
    } catch (error) {
      if (!(error instanceof FragmentError)) throw error;
      game.refuse(error.message, error.size);
    }
  }

  return { open, game };
}
