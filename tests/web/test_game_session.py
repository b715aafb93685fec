"""site/play/session.js without a browser: the game's mid-end (history, moves, timer, plan) runs in Node."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parents[2] / "site"

SCRIPT = """
import assert from "node:assert/strict";
import { GameSession } from "./play/session.js";

let now = 0;
const game = new GameSession({ n: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8] }, () => now);
game.setPlan(game.tiles, "ll");
assert.equal(game.optimalStart, 2);
assert.equal(game.takeHint(), "l");
assert.equal(game.hintTile, 7);

assert.deepEqual(game.play("r"), null);                    // nothing left of the blank
assert.deepEqual(game.play("l"), [7]);
assert.equal(game.hint, null);
assert.equal(game.planHere(), "l");                        // the plan follows its own line
now = 1500;
assert.equal(game.undo(), "l");
assert.deepEqual(game.tiles, [1, 2, 3, 4, 5, 6, 0, 7, 8]);
assert.equal(game.planHere(), null);                       // a plan holds from one position onwards
assert.deepEqual(game.redo(), [7]);
assert.equal(game.planHere(), "l");
assert.equal(game.future.length, 0);
now = 4000;
assert.deepEqual(game.play("l", { assisted: true }), [8]);
assert.ok(game.solved && !game.timerRunning);
assert.equal(game.elapsedMs(), 4000);
assert.equal(game.moveCount, 2);
assert.equal(game.assisted, 1);
assert.equal(game.play("r"), null);                        // a solved game takes no more moves
assert.equal(game.fragment(), "play=3:1,2,3,4,5,6,0,7,8&moves=ll&time=4000");   // the time played, in ms
assert.equal(game.fragment({ time: false }), "play=3:1,2,3,4,5,6,0,7,8&moves=ll");

game.restart();
assert.ok(!game.solved && game.moveCount === 0 && game.elapsedMs() === 0);
assert.equal(game.optimalStart, 2);                        // what the solver said is kept
assert.deepEqual(game.play("ll"), [7, 8]);                 // one action of two moves: one undo
assert.equal(game.undo(), "ll");

// What counts in the statistics: a board the game dealt, solved without help.
assert.equal(game.uncounted, "typed");                    // a board put on the game by hand
const dealt = new GameSession({ n: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8], origin: "deal" });
assert.equal(dealt.uncounted, null);
dealt.setPlan(dealt.tiles, "ll");
dealt.takeHint();
assert.equal(dealt.uncounted, "help");
dealt.restart();                                           // the hint was seen: a fresh attempt does not count either
assert.equal(dealt.hints, 0);
assert.equal(dealt.uncounted, "help");
assert.equal(new GameSession({ n: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8], origin: "link" }).uncounted, "link");

const shared = new GameSession({ n: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8], goal: [1, 2, 3, 4, 5, 6, 7, 8, 0], moves: "ll" });
assert.ok(shared.solved && shared.past.length === 2 && !shared.timerRunning);

// A game link's time: the game goes on from it, and its link says it again; a fresh deal's link says no time.
now = 10000;
const reloaded = new GameSession({ n: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8], moves: "r", time: 2500 }, () => now);
assert.ok(!reloaded.timerRunning && reloaded.elapsedMs() === 2500);   // until the next move
assert.equal(reloaded.fragment(), "play=3:1,2,3,4,5,6,7,0,8&moves=r&time=2500");
reloaded.play("l");
now = 10400;
assert.equal(reloaded.elapsedMs(), 2900);
reloaded.pause();                                          // a game set aside: its clock stops
now = 20000;
assert.equal(reloaded.elapsedMs(), 2900);
assert.equal(new GameSession({ n: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] }).fragment(), "play=3:1,2,3,4,5,6,7,0,8");
"""


def test_game_session_in_node():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    run = subprocess.run([node, "--input-type=module", "-e", SCRIPT], cwd=SITE, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
