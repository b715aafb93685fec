// play/features.js -- the player's features around the game, mounted by view.js once the board is drawn, so that
// Play's first paint waits for none of them: every move judged (judge.js), a finished game analysed (analysis.js),
// the solve types' menu (mode-menu.js), the panels below the board (deals.js, notation-panel.js, stats.js,
// session-view.js, replays.js, settings-panel.js: their summaries are in index.html) and the session's ao5 and ao12
// beside the timer (session-bar.js), whose data is kept in the page's store (player-data.js, core/store.js).
//
//   const { replays, daily } = await mountFeatures(section, game, { solver });

import { Judge } from "./verdicts.js";
import { mountJudging } from "./judge.js";
import { mountAnalysis } from "./analysis.js";
import { dailyPuzzles, dealsPanel } from "./deals.js";
import { notationPanel } from "./notation-panel.js";
import { statsPanel } from "./stats.js";
import { replaysPanel } from "./replays.js";
import { settings } from "./settings.js";
import { settingsPanel } from "./settings-panel.js";
import { playerData } from "./player-data.js";
import { sessionBar } from "./session-bar.js";
import { sessionPanel } from "./session-view.js";
import { modeMenu } from "./mode-menu.js";

/** Each feature in a task of its own (none holds the page long), the game's recorders first. */
export async function mountFeatures(section, game, { solver }) {
  const judge = new Judge(solver);
  // The replays' panel first hears of a finished game: the statistics then name the replay it was kept as.
  // The store opens meanwhile: the game never waits for it.
  const data = playerData();
  const solves = data.then(({ stats }) => stats);
  const replays = replaysPanel(section, game, data, judge);
  statsPanel(section, game, data, replays);
  const daily = dailyPuzzles(game);
  for (const mountOne of [
    () => sessionBar(section, game, solves, settings),
    () => settingsPanel(section, game),
    () => { mountAnalysis(section, game, judge); mountJudging(section, game, judge, settings); },
    () => modeMenu(section, game),   // the solve types (modes.js): their player is loaded when one is chosen
    () => dealsPanel(section, game, solver, daily),
    () => notationPanel(section, game),
    () => sessionPanel(section, game, solves, settings),
  ]) {
    await nextTask();
    mountOne();
  }
  game.render();   // each feature sees the game on screen (a solve finished before they came is kept)
  return { replays, daily };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
