// play/view.js -- the Play view: the game (game.js) with every move judged (judge.js), a finished game
// analysed (analysis.js), a big board zoomed on a small screen (zoom.js), and the panels below the board
// (deals.js, notation-panel.js, stats.js, session-view.js, replays.js, settings.js; the session's ao5 and ao12 beside
// the timer: session-bar.js), whose data is kept in the page's store
// (player-data.js, core/store.js).  Its links: #play=N:tiles[&goal=...][&moves=...][&time=MS] restores a game,
// #daily=YYYY-MM-DD&n=N opens that date's daily puzzle, #replay=... plays a replay in the Replays panel
// (replays.js), #game (or no fragment) shows the game on screen.

import { mountGame } from "./game.js";
import { Judge } from "./verdicts.js";
import { mountJudging } from "./judge.js";
import { mountAnalysis } from "./analysis.js";
import { dailyPuzzles, dealsPanel } from "./deals.js";
import { notationPanel } from "./notation-panel.js";
import { statsPanel } from "./stats.js";
import { replaysPanel } from "./replays.js";
import { settings, settingsPanel } from "./settings.js";
import { boardZoom } from "./zoom.js";
import { keymapOf } from "./keymap.js";
import { playerData } from "./player-data.js";
import { sessionBar } from "./session-bar.js";
import { sessionPanel } from "./session-view.js";
import { modeMenu } from "./mode-menu.js";
import { FragmentError, parseDaily } from "../core/links.js";

const FIRST_SIZE = 4;

export function mount(section, { solver, router, budgets }) {
  const game = mountGame(section, { solver, budgets, onFragment: (fragment) => router.publish(fragment, "play"),
    keys: () => keymapOf(settings.get("keymap")) });
  const judge = new Judge(solver);
  mountAnalysis(section, game, judge);
  mountJudging(section, game, judge, settings);
  boardZoom(section, settings);
  modeMenu(section, game);   // the solve types (modes.js): their player is loaded when one is chosen
  const daily = dailyPuzzles(game);
  // The replays' panel first hears of a finished game: the statistics then name the replay it was kept as.
  // The store opens meanwhile: the game never waits for it.
  const data = playerData();
  const replays = replaysPanel(section, game, data, judge);
  const solves = data.then(({ stats }) => stats);
  section.querySelector("[data-extras]").append(dealsPanel(game, solver, daily), notationPanel(section, game),
    statsPanel(section, game, data, replays), sessionPanel(section, game, solves, settings), replays.element, settingsPanel(section, game));
  sessionBar(section, game, solves, settings);   // ao5 and ao12 beside the timer

  function open(name, link) {
    if (link.startsWith("replay=")) openReplay(link);
    else if (link.startsWith("daily=")) openDaily(link);
    else if (link) { if (!game.shows(link)) game.loadFragment(link); }
    else if (!game.session) game.newPuzzle(FIRST_SIZE);
  }

  /** A replay link: the replays' panel plays it (or says why not); the game stays as it is, or is dealt. */
  function openReplay(link) {
    if (!game.session) game.newPuzzle(FIRST_SIZE);
    replays.openLink(link);
  }

  function openDaily(link) {
    try {
      const { n, date } = parseDaily(link);
      daily.load(n, date);
    } catch (error) {
      if (!(error instanceof FragmentError)) throw error;
      game.refuse(error.message, error.size, error.height);
    }
  }

  return { open, game };
}
