"""Colour schemes (issue 35, item 3): the game's board and the replay's colour each tile by its home cell's group --
fringe layers, row grids, rows, columns, checkerboard (site/core/schemes.js, after Slidysim's and benwh1/slidy's
labels) -- legible in light and dark, chosen per size and kept through a reload; numbers can be hidden."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from player_helpers import load_game

LINKS = json.loads((Path(__file__).resolve().parents[1] / "replay" / "slidysim_links.json").read_text(encoding="utf-8"))["links"]
SEVEN = next(case for case in LINKS if case["width"] == 7)

#: [tile, background, text colour] of every tile on the game's board, as drawn.
COLOURS = """() => [...document.querySelectorAll('[data-testid=play-board] .play-tile')].map((tile) => {
    const style = getComputedStyle(tile);
    return [Number(tile.dataset.tile), style.backgroundColor, style.color];
})"""
#: The WCAG contrast ratio of two rgb() colours.
CONTRAST = """([a, b]) => {
    const lum = (text) => {
        const [r, g, b] = text.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) / 255)
            .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
}"""


REPLAY_COLOURS = """() => [...document.querySelectorAll('[data-testid=replay-board] .replay-tile')].map((tile) => {
    const style = getComputedStyle(tile);
    return [style.backgroundColor, style.color];
})"""


def open_replay(page) -> None:
    """The 7x7 world record in the replay player."""
    page.locator("[data-testid=replay-panel] summary").click()
    page.get_by_test_id("replay-import").fill(SEVEN["link"])
    page.get_by_test_id("replay-import").press("Enter")
    page.get_by_test_id("replay-board").wait_for()


def fringe_layer(row: int, col: int) -> int:
    return min(row, col)


@pytest.fixture
def play_page(browser, app_url):
    """A fresh page (its own storage) on the Play view, the settings open."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.locator("[data-testid=settings-panel] summary").click()
    page.get_by_test_id("play-scheme").wait_for()   # a panel's content comes as it is first opened
    yield page
    context.close()


def choose(page, scheme: str) -> None:
    page.get_by_test_id("play-scheme").select_option(scheme)


def groups(page, width: int) -> dict:
    """{background colour: sorted home-cell groups} of the board drawn, the group of tile t's home (row, col) being
    fringe_layer(row, col)."""
    found: dict = {}
    for tile, background, _ in page.evaluate(COLOURS):
        row, col = divmod(tile - 1, width)
        found.setdefault(background, set()).add(fringe_layer(row, col))
    return {colour: sorted(layers) for colour, layers in found.items()}


def test_the_menu_offers_every_scheme(play_page):
    options = play_page.get_by_test_id("play-scheme").locator("option").evaluate_all("(all) => all.map((o) => o.value)")
    assert options == ["plain", "fringe", "row-grids", "rows", "columns", "checkerboard"]


def test_a_5x5_in_fringe_colours_its_layers(play_page):
    load_game(play_page, 5, [2, 1] + list(range(3, 25)) + [0])
    choose(play_page, "fringe")
    # one colour per layer, each layer one colour: four layers of tiles (the fifth is the blank's home alone)
    assert sorted(groups(play_page, 5).values()) == [[0], [1], [2], [3]]


@pytest.mark.parametrize("scheme, group_of", [
    ("rows", lambda row, col: row),
    ("columns", lambda row, col: col),
    ("checkerboard", lambda row, col: (row + col) % 2),
    ("row-grids", lambda row, col: (row, col)),
])
def test_each_scheme_colours_tiles_by_their_home_group(play_page, scheme, group_of):
    load_game(play_page, 4, list(range(1, 16)) + [0])
    choose(play_page, scheme)
    colour_of_group: dict = {}
    for tile, background, _ in play_page.evaluate(COLOURS):
        group = group_of(*divmod(tile - 1, 4))
        assert colour_of_group.setdefault(group, background) == background, (scheme, tile)
    assert len(set(colour_of_group.values())) == len(colour_of_group)   # two groups never share a colour


@pytest.mark.parametrize("colour_scheme", ["light", "dark"])
def test_every_scheme_is_legible_in_light_and_dark(browser, app_url, colour_scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=colour_scheme)
    page = context.new_page()
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.locator("[data-testid=settings-panel] summary").click()
    load_game(page, 7, list(range(1, 49)) + [0])
    for scheme in ("fringe", "row-grids", "rows", "columns", "checkerboard"):
        choose(page, scheme)
        worst = min(page.evaluate(CONTRAST, [background, text]) for _, background, text in page.evaluate(COLOURS))
        assert worst >= 4.5, (colour_scheme, scheme, worst)
    # the replay board, its tiles out of place (at the start) and in place (at the end)
    open_replay(page)
    for scheme in ("plain", "fringe", "row-grids", "rows", "columns", "checkerboard"):
        page.get_by_test_id("replay-scheme").select_option(scheme)
        for end in ("replay-start", "replay-end"):
            page.get_by_test_id(end).click()
            drawn = page.evaluate(REPLAY_COLOURS)
            worst = min(page.evaluate(CONTRAST, pair) for pair in drawn)
            assert worst >= 4.5, (colour_scheme, "replay", scheme, end, worst)
    context.close()


def test_a_scheme_is_chosen_per_size_and_kept_through_a_reload(play_page):
    load_game(play_page, 5, list(range(1, 25)) + [0])
    choose(play_page, "rows")
    load_game(play_page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8])
    assert play_page.get_by_test_id("play-scheme").input_value() == "rows"   # a size never set: the last choice
    choose(play_page, "checkerboard")
    load_game(play_page, 5, list(range(1, 25)) + [0])
    assert play_page.get_by_test_id("play-scheme").input_value() == "rows"
    assert play_page.get_by_test_id("play-board").get_attribute("data-scheme") == "rows"
    play_page.wait_for_timeout(300)   # the settings' write
    play_page.reload()
    play_page.wait_for_function("window.__app && window.__app.viewReady")
    load_game(play_page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8])
    play_page.wait_for_function("document.querySelector('[data-testid=play-board]').dataset.scheme === 'checkerboard'")


def test_numbers_can_be_hidden_on_coloured_tiles(play_page):
    load_game(play_page, 4, list(range(1, 16)) + [0])
    choose(play_page, "fringe")
    play_page.get_by_test_id("picture-numbers").uncheck()
    assert {text for _, _, text in play_page.evaluate(COLOURS)} == {"rgba(0, 0, 0, 0)"}
    choose(play_page, "plain")   # plain tiles keep their numbers: nothing else tells them apart
    assert "rgba(0, 0, 0, 0)" not in {text for _, _, text in play_page.evaluate(COLOURS)}


def test_the_replay_board_takes_its_own_scheme_per_size(play_page):
    open_replay(play_page)
    board = play_page.get_by_test_id("replay-board")
    assert board.get_attribute("data-scheme") == "fringe"   # the replay's default
    play_page.get_by_test_id("replay-scheme").select_option("rows")
    hues = play_page.evaluate("""() => [...document.querySelectorAll('[data-testid=replay-board] .replay-tile')]
        .map((tile) => tile.style.getPropertyValue('--hue'))""")
    rows = [hues[row * 7:(row + 1) * 7 - (row == 6)] for row in range(7)]
    assert all(len(set(row)) == 1 for row in rows) and len({row[0] for row in rows}) == 7
    play_page.wait_for_timeout(300)
    play_page.reload()
    play_page.wait_for_function("window.__app && window.__app.viewReady")
    open_replay(play_page)
    play_page.wait_for_function("document.querySelector('[data-testid=replay-board]')?.dataset.scheme === 'rows'")
