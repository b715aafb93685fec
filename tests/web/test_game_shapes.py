"""The game at every size and shape (issue 28, item 1): any W x H board with sides 2 to 20, from the size menu
(2x2 to 20x20, and "Custom W × H") and from links (#play=5x3:...); a shape outside 2..20 a side refused in the
engine's words; the board's hooks say its width and height; Hint and judged moves on a 5x3 (exact, up to 16
cells) and on a 10x10 (a bound and an answer not proven shortest) work.

One page is booted for the whole module (the session's shared solver page, tests/web/conftest.py).
"""

from __future__ import annotations

import re

from collections import Counter

import pytest

from puzzlesolver.board import Board
from player_helpers import wait_idle, wait_solver

GOAL_5X3 = list(range(1, 15)) + [0]


def tiles_of(page):
    return [int(t) for t in page.get_by_test_id("play-board").get_attribute("data-tiles").split(",")]


def shape_of(page):
    board = page.get_by_test_id("play-board")
    return int(board.get_attribute("data-width")), int(board.get_attribute("data-height"))


@pytest.fixture
def game(solver_page):
    """The shared solver page with the game in view and the solver up."""
    page = solver_page
    wait_solver(page)
    wait_idle(page)
    if page.get_by_test_id("judge-toggle").is_checked():
        page.get_by_test_id("judge-toggle").uncheck()
    return page


def open_link(page, fragment, showing=None):
    """Open a link as a person does: the address bar's fragment changes (the page follows hashchange); then
    wait until the board shows `showing` (by default the link's starting tiles)."""
    showing = showing or [int(t) for t in fragment.split("&")[0].split(":")[1].split(",")]
    page.evaluate("(f) => { location.hash = f; }", fragment)
    page.wait_for_function("(tiles) => document.querySelector('[data-testid=play-board]').dataset.tiles === tiles",
                           arg=",".join(map(str, showing)))


def test_a_5x3_link_opens_a_5_wide_3_high_game_that_the_keys_solve(game):
    # the goal with the blank moved two cells left: two tiles slide left to finish it
    start = list(range(1, 13)) + [0, 13, 14]
    open_link(game, "play=5x3:" + ",".join(map(str, start)))
    assert shape_of(game) == (5, 3)
    assert game.locator("[data-testid=play-board] .play-tile").count() == 14
    assert game.get_by_test_id("play-size").input_value() == "custom"
    assert (game.get_by_test_id("play-width").input_value(), game.get_by_test_id("play-height").input_value()) == ("5", "3")
    game.get_by_test_id("play-board").focus()
    game.keyboard.press("ArrowDown")     # no tile above the blank's row 3 can slide down onto... it can: row 2
    game.keyboard.press("ArrowUp")       # and back
    game.keyboard.press("ArrowLeft")
    game.keyboard.press("ArrowLeft")
    assert tiles_of(game) == GOAL_5X3
    assert game.locator(".play").get_attribute("data-solved") == "true"
    assert "play=5x3:" in game.evaluate("location.hash")


def test_a_click_on_a_tile_in_the_blanks_column_slides_the_segment_on_a_rectangle(game):
    start = list(range(1, 15)) + [0]      # 3 wide, 5 high: the blank bottom right
    open_link(game, "play=3x5:" + ",".join(map(str, start)))
    assert shape_of(game) == (3, 5)
    game.locator("[data-tile='3']").click()        # top of the blank's column: four tiles slide down
    tiles = tiles_of(game)
    assert tiles[2] == 0 and [tiles[5], tiles[8], tiles[11], tiles[14]] == [3, 6, 9, 12]
    assert game.get_by_test_id("play-moves").text_content() == "4"


def test_the_size_menu_runs_from_2x2_to_20x20_and_offers_any_shape(game):
    values = game.get_by_test_id("play-size").locator("option").evaluate_all("(options) => options.map((o) => o.value)")
    assert values == [str(k) for k in range(2, 21)] + ["custom"]
    game.get_by_test_id("play-size").select_option("2")
    assert shape_of(game) == (2, 2)
    assert game.locator("[data-testid=play-board] .play-tile").count() == 3
    assert sorted(tiles_of(game)) == [0, 1, 2, 3]
    game.get_by_test_id("play-size").select_option("20")
    assert shape_of(game) == (20, 20)
    assert game.locator("[data-testid=play-board] .play-tile").count() == 399
    assert sorted(tiles_of(game)) == list(range(400))
    game.get_by_test_id("play-size").select_option("custom")
    assert game.get_by_test_id("play-custom").is_visible()
    game.get_by_test_id("play-width").fill("7")
    game.get_by_test_id("play-height").fill("2")
    game.get_by_test_id("play-height").press("Enter")
    game.wait_for_function("document.querySelector('[data-testid=play-board]').dataset.height === '2'")
    assert shape_of(game) == (7, 2)
    assert "play=7x2:" in game.evaluate("location.hash")
    game.get_by_test_id("play-width").fill("21")
    game.get_by_test_id("play-width").press("Enter")
    message = game.get_by_test_id("play-message")
    message.wait_for(state="visible")
    assert message.text_content() == "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x2."
    assert shape_of(game) == (7, 2)      # the game on screen stays
    game.get_by_test_id("play-size").select_option("4")
    assert shape_of(game) == (4, 4) and not game.get_by_test_id("play-custom").is_visible()


def test_enter_in_the_width_and_height_fields_hands_the_arrow_keys_back_to_the_board(game):
    game.get_by_test_id("play-size").select_option("custom")
    game.get_by_test_id("play-width").fill("4")
    game.get_by_test_id("play-height").fill("3")
    game.get_by_test_id("play-height").press("Enter")
    game.wait_for_function("document.querySelector('[data-testid=play-board]').dataset.height === '3'")
    assert game.evaluate("document.activeElement.dataset.testid") == "play-board"
    for key in ("ArrowDown", "ArrowUp"):   # one of them slides a tile, wherever the blank is
        game.keyboard.press(key)
    assert shape_of(game) == (4, 3)   # the height stayed 3: the keys slid tiles
    assert re.search(r"&moves=[udlr]+", game.evaluate("location.hash"))
    # Enter in a field that already says the shape on screen deals nothing and gives the keys back too
    game.get_by_test_id("play-width").focus()
    moved = tiles_of(game)
    game.get_by_test_id("play-width").press("Enter")
    assert game.evaluate("document.activeElement.dataset.testid") == "play-board" and tiles_of(game) == moved


def test_a_20x20_game_plays_by_keys_and_a_2x2_game_is_solved(game):
    goal = list(range(1, 400)) + [0]
    after = list(goal)   # the blank one up and one left of its home: "rd" from the goal
    after[378], after[398], after[399] = 0, 379, 399
    open_link(game, "play=20:" + ",".join(map(str, goal)) + "&moves=rd", showing=after)
    assert shape_of(game) == (20, 20)
    game.get_by_test_id("play-board").focus()
    game.keyboard.press("ArrowUp")
    game.keyboard.press("ArrowLeft")
    assert tiles_of(game) == goal
    assert game.locator(".play").get_attribute("data-solved") == "true"
    open_link(game, "play=2:1,2,0,3")
    assert shape_of(game) == (2, 2)
    game.locator("[data-tile='3']").click()
    assert tiles_of(game) == [1, 2, 3, 0]
    assert game.locator(".play").get_attribute("data-solved") == "true"


REFUSED_SHAPES = [
    # (a link whose shape the game does not play, the reason its refusal gives: the links' own words)
    ("play=21x3:1,2,3", "boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
    ("play=3x21:1,2,3", "boards up to 20x20 are supported (each side 2 to 20); this board is 3x21."),
    ("play=21:1,2,3", "boards up to 20x20 are supported; this board is 21x21."),
    ("play=5y3:1,2,3", "the board size '5y3' in the link is not a whole number."),
]


@pytest.mark.parametrize("fragment, reason", REFUSED_SHAPES, ids=[f for f, _ in REFUSED_SHAPES])
def test_a_link_of_a_shape_the_game_does_not_play_is_refused_and_the_game_stays(game, fragment, reason):
    """No board of a surprising size (a square of the link's width) replaces the game: the player keeps it, as it
    was, with one sentence saying why the link was not opened, and the game's own link back in the address bar."""
    start = list(range(1, 13)) + [0, 13, 14]
    open_link(game, "play=5x3:" + ",".join(map(str, start)))
    game.get_by_test_id("play-board").focus()
    game.keyboard.press("ArrowRight")                    # a move played: a game in progress
    played = tiles_of(game)
    link = game.evaluate("location.hash.replace(/&time=\\d+/, '')")     # (its time goes on)
    game.evaluate("(f) => { location.hash = f; }", fragment)
    message = game.get_by_test_id("play-message")
    message.wait_for(state="visible")
    assert message.text_content() == f"This link could not be opened: {reason}"
    assert shape_of(game) == (5, 3) and tiles_of(game) == played
    assert game.get_by_test_id("play-moves").text_content() == "1"
    game.wait_for_function("(link) => location.hash.replace(/&time=\\d+/, '') === link", arg=link)
    game.keyboard.press("ArrowLeft")                     # play goes on, and the message goes
    assert tiles_of(game) == start and message.is_hidden()


def test_hint_and_judged_moves_on_a_5x3_are_exact(game):
    start = [6, 1, 2, 3, 5, 11, 7, 8, 4, 10, 0, 12, 13, 9, 14]
    open_link(game, "play=5x3:" + ",".join(map(str, start)))
    game.get_by_test_id("play-hint").click()
    game.locator(".play-tile.is-hint").wait_for(timeout=60_000)
    assert game.get_by_test_id("play-distance").get_attribute("data-known") == "exact"
    game.get_by_test_id("judge-toggle").check()
    line = game.get_by_test_id("judge-line")
    game.wait_for_function("document.querySelector('[data-testid=judge-line]').dataset.distance !== undefined",
                           timeout=60_000)
    assert line.get_attribute("data-exact") == "true"
    assert int(line.get_attribute("data-distance")) == int(game.get_by_test_id("play-distance").text_content())
    game.get_by_test_id("judge-toggle").uncheck()


def test_hint_and_judged_moves_on_a_10x10_are_near_optimal(game):
    game.get_by_test_id("play-size").select_option("10")
    assert shape_of(game) == (10, 10)
    game.get_by_test_id("play-hint").click()
    game.locator(".play-tile.is-hint").wait_for(timeout=90_000)
    assert game.get_by_test_id("play-distance").get_attribute("data-known") in ("at-most", "exact")
    game.get_by_test_id("judge-toggle").check()
    game.wait_for_function("document.querySelector('[data-testid=judge-line]').dataset.distance !== undefined",
                           timeout=120_000)
    line = game.get_by_test_id("judge-line")
    assert line.get_attribute("data-exact") == "false"
    assert line.text_content().startswith("At least ")
    game.get_by_test_id("judge-toggle").uncheck()


def test_random_deals_are_uniform_over_the_solvable_boards_of_a_rectangle(game):
    """dealTiles on a 3x2 (the same rule as board.random_board): each of its 360 solvable boards about as often."""
    counts = Counter(tuple(t) for t in game.evaluate("""async () => {
        const core = await import('./core/rules.js');
        const { seededRandom } = await import('./play/deals.js');
        const random = seededRandom('a uniform deal');      // seeded (mulberry32), so the test cannot flake
        const out = [];
        for (let i = 0; i < 36000; i++) out.push(core.dealTiles(3, core.goalTiles(3, 2), random));
        return out;
    }"""))
    assert len(counts) == 360 and all(Board.from_tiles(t, width=3).is_solvable() for t in counts)
    chi2 = sum((c - 100) ** 2 / 100 for c in counts.values())
    assert chi2 < 447.6                                      # chi-square, 359 degrees of freedom, p = 0.001
