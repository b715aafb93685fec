"""Layout and accessibility (issue 14, items 1, 7, 8): the board and its controls in view at 375x740 and
1280x900, light and dark; the sections' links; keyboard modes and hover; axe-core (node_modules/axe-core,
pinned in package.json) finds no violation on each main view."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from player_helpers import load_game, tiles_of
from webhelpers import ROOT, open_view

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CONTROLS = ["play-size", "play-new", "play-restart", "play-undo", "play-redo", "play-hint", "play-solve",
            "play-distance-button", "judge-toggle"]


def open_page(browser, app_url, width, height, scheme, fragment=""):
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  service_workers="block")
    page = context.new_page()
    page.goto(app_url + fragment)
    page.wait_for_function("window.__app && window.__app.viewReady")
    return context, page


@pytest.mark.parametrize("width, height", [(375, 740), (1280, 900)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_board_and_controls_in_view_without_scrolling(browser, app_url, width, height, scheme):
    context, page = open_page(browser, app_url, width, height, scheme)
    assert page.evaluate("window.scrollY") == 0
    for testid in ["play-board", *CONTROLS]:
        box = page.get_by_test_id(testid).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (testid, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (testid, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.evaluate("for (const panel of document.querySelectorAll('.play details')) panel.open = true")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "an open panel widens the page"
    assert_lines(page)
    dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark == (scheme == "dark") and (background == "rgb(20, 23, 29)") == dark
    context.close()


#: The game's controls by line: the size menu (and its W×H fields), the game's four buttons, the solver's three.
CONTROL_LINES = [["play-size", "play-custom"], ["play-new", "play-restart", "play-undo", "play-redo"],
                 ["play-hint", "play-solve", "play-distance-button"]]


def assert_lines(page):
    """Each line of controls (CONTROL_LINES) is one line of the page, below the one before it (the W×H fields
    only when shown)."""
    tops = []
    for line in CONTROL_LINES:
        middles = [box["y"] + box["height"] / 2 for box in (page.get_by_test_id(t).bounding_box() for t in line) if box]
        assert max(middles) - min(middles) < 4, (line, middles)
        tops.append(min(middles))
    assert tops == sorted(tops) and len(set(tops)) == len(tops), tops


@pytest.mark.parametrize("width, height", [(375, 740), (1280, 900)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_size_fields_open_beside_the_menu_and_move_nothing(browser, app_url, width, height, scheme):
    """Choosing "W×H" shows the width and height fields on the size menu's line: the game's buttons (Undo and Redo
    with New puzzle and Restart, never on a line of their own), the solver's and the board keep their places."""
    context, page = open_page(browser, app_url, width, height, scheme, "#play=4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
    where = lambda: {t: page.get_by_test_id(t).bounding_box() for t in ["play-board", *CONTROLS]}   # noqa: E731
    closed = where()
    assert_lines(page)
    page.get_by_test_id("play-size").select_option("custom")
    expect(page.get_by_test_id("play-custom")).to_be_visible()
    assert where() == closed
    assert_lines(page)
    fields, column = page.get_by_test_id("play-custom").bounding_box(), page.locator(".play-main").bounding_box()
    assert fields["x"] + fields["width"] <= column["x"] + column["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.get_by_test_id("play-height").fill("3")
    page.get_by_test_id("play-height").press("Enter")     # a 4x3 dealt from the fields: they stay open
    page.wait_for_function("document.querySelector('[data-testid=play-board]').dataset.height === '3'")
    assert {t: box for t, box in where().items() if t != "play-board"} == \
        {t: box for t, box in closed.items() if t != "play-board"}
    assert where()["play-board"]["y"] == closed["play-board"]["y"]
    assert_lines(page)
    context.close()


@pytest.mark.parametrize("width, height", [(375, 740), (1280, 900)])
def test_the_board_stays_in_view_when_the_solver_adds_a_note_above_it(browser, app_url, width, height):
    context, page = open_page(browser, app_url, width, height, "light",
                              "#play=5:13,19,5,22,23,16,7,24,9,6,15,0,18,8,14,21,11,3,17,2,1,20,12,4,10")
    page.wait_for_function("window.__solver.state === 'ready'", timeout=60_000)
    page.evaluate("window.__app.game.maxSeconds = 1")           # a 24-puzzle: a note "not proven shortest"
    page.get_by_test_id("play-distance-button").click()
    note = page.get_by_test_id("play-message")
    expect(note).to_contain_text("not proven shortest", timeout=30_000)
    assert note.get_attribute("data-kind") == "note"
    board = page.get_by_test_id("play-board").bounding_box()
    assert board["y"] + board["height"] <= height, board
    context.close()


@pytest.mark.parametrize("width, height", [(375, 740), pytest.param(1280, 900, marks=pytest.mark.slow)])   # (30 s each)
def test_the_board_does_not_move_whatever_appears_or_goes_around_it(browser, app_url, width, height):
    """The verdict line (wrapping to two lines) above the board; the search's progress and Cancel, a note
    with Keep going, a refused link's message below it, where they are seen at once: each comes and goes in
    room kept for it, and the board stays exactly where it is, the same size, in view."""
    context, page = open_page(browser, app_url, width, height, "light",
                              "#play=5:13,19,5,22,23,16,7,24,9,6,15,0,18,8,14,21,11,3,17,2,1,20,12,4,10")
    page.wait_for_function("window.__solver.state === 'ready'", timeout=60_000)
    page.evaluate("window.__app.game.maxSeconds = 1")
    page.get_by_test_id("judge-toggle").check()
    line = page.get_by_test_id("judge-line")
    expect(line).to_contain_text("from the goal", timeout=30_000)
    board = page.get_by_test_id("play-board")
    box = board.bounding_box()
    assert box["y"] + box["height"] <= height
    # where the board is on the page (a click on a button below it may scroll the page, which is no move)
    where_on_page = "e => { const r = e.getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }"
    place = board.evaluate(where_on_page)

    def slide_a_tile():
        page.keyboard.press("ArrowLeft" if tiles_of(page).index(0) % 5 != 4 else "ArrowRight")

    def stays(what):
        assert board.evaluate(where_on_page) == place, what

    page.get_by_test_id("play-distance-button").click()
    expect(page.get_by_test_id("play-cancel")).to_be_visible()
    stays("a search in progress, with Cancel")
    note = page.get_by_test_id("play-message")
    expect(note).to_contain_text("not proven shortest", timeout=30_000)
    expect(page.get_by_test_id("play-keep-going")).to_be_visible()
    stays("a note and Keep going")
    assert note.bounding_box()["y"] + 20 <= height, "the note's first line is in view"
    page.get_by_test_id("play-keep-going").click()
    stays("Keep going pressed")
    expect(page.get_by_test_id("play-cancel")).to_be_hidden(timeout=30_000)
    stays("the search resumed and answered")
    slide_a_tile()
    expect(line).to_contain_text("last move", timeout=30_000)    # two lines on a phone
    stays("a move judged")
    page.evaluate("window.__app.game.loadFragment('play=5:1,2')")
    expect(note).to_contain_text("could not be opened")
    stays("a refused link's message")
    slide_a_tile()
    expect(note).to_be_hidden()
    stays("the message gone")
    context.close()


def test_on_a_wide_screen_the_side_panels_stay_put_whatever_the_messages_say(browser, app_url):
    context, page = open_page(browser, app_url, 1280, 900, "light", "#play=3:1,2,3,4,5,6,0,7,8")
    side = lambda: page.locator(".play-side").bounding_box()["x"]   # noqa: E731
    where = side()
    page.wait_for_function("window.__solver.state === 'ready'", timeout=60_000)
    page.get_by_test_id("judge-toggle").check()                   # a verdict line beside the toggles
    expect(page.get_by_test_id("judge-line")).to_contain_text("moves from the goal", timeout=30_000)
    assert side() == where
    page.evaluate("window.__app.game.loadFragment('play=9:1,2')")  # a long message below the board
    expect(page.get_by_test_id("play-message")).to_be_visible()
    assert side() == where
    context.close()


def test_sections_are_one_tap_away_and_old_links_still_open_the_solver(browser, app_url):
    context, page = open_page(browser, app_url, 375, 740, "light")
    page.get_by_test_id("view-ladders").click()
    assert page.evaluate("location.hash") == "#ladders"
    expect(page.get_by_test_id("mode-words")).to_be_checked()      # once the view's module has run
    page.get_by_test_id("view-solve").click()
    expect(page.get_by_test_id("mode-board")).to_be_checked()
    page.wait_for_function("document.getElementById('solve-form').getBoundingClientRect().top < 200")
    page.goto(app_url + "#words=cold,warm")
    page.wait_for_function("window.__app && window.__app.viewReady")
    assert page.get_by_test_id("start-word").input_value() == "cold"
    assert page.get_by_test_id("view-ladders").get_attribute("aria-current") == "page"
    context.close()


def test_keyboard_modes_and_hover(browser, app_url):
    context, page = open_page(browser, app_url, 1280, 900, "light")
    load_game(page, 3, [1, 2, 3, 4, 0, 5, 6, 7, 8])
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")                      # the tile mode: 5 slides left
    assert tiles_of(page) == [1, 2, 3, 4, 5, 0, 6, 7, 8]
    page.locator("[data-testid=settings-panel] summary").click()
    page.get_by_test_id("key-mode").select_option("blank")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")                      # the blank mode: the blank moves left, 5 slides right
    assert tiles_of(page) == [1, 2, 3, 4, 0, 5, 6, 7, 8]
    page.get_by_test_id("key-mode").select_option("tile")
    page.get_by_test_id("hover-mode").check()
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8])
    page.locator(".play-tile[data-tile='8']").hover()     # the whole row slides: 7 and 8, two moves
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    assert page.get_by_test_id("play-moves").text_content() == "2"
    page.get_by_test_id("hover-mode").uncheck()
    context.close()


def axe_violations(page):
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    return [(v["id"], [node["target"] for node in v["nodes"]][:3]) for v in result["violations"]]


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed (npm ci)")
@pytest.mark.parametrize("scheme", ["light", pytest.param("dark", marks=pytest.mark.slow)])   # (20-30 s each)
def test_axe_finds_no_violations_on_each_view(browser, app_url, scheme):
    context, page = open_page(browser, app_url, 1280, 900, scheme)
    page.wait_for_function("window.__solver.state === 'ready'", timeout=90_000)
    for view in ["game", "solve", "learn", "ladders"]:
        open_view(page, view)
        assert axe_violations(page) == [], view
    open_view(page, "game")
    page.get_by_test_id("judge-toggle").check()
    for panel in ["deals-panel", "notation-panel", "stats-panel", "settings-panel"]:
        page.locator(f"[data-testid={panel}] summary").click()
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8])
    page.evaluate("window.__app.game.play('l'); window.__app.game.play('l')")
    page.wait_for_function("document.querySelector('[data-testid=analysis-summary]')", timeout=30_000)
    assert axe_violations(page) == [], "game with panels and analysis"
    context.close()


def test_tile_numbers_hint_arrows_and_labels_fit_their_tiles(browser, app_url):
    """An 18x18 board's numbers stay inside their tiles on a 375 px phone; on a 7x7 at 1280 px the hint's
    arrow and the -1/+1 labels are sized from the tile, the labels in a corner clear of the number."""
    n = 18
    tiles = list(range(1, n * n)) + [0]
    tiles[-1], tiles[-2] = tiles[-2], tiles[-1]
    context, page = open_page(browser, app_url, 375, 740, "light", f"#board={n}:{','.join(map(str, tiles))}")
    page.wait_for_function("window.__solver.state === 'ready'", timeout=60_000)
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_function("document.getElementById('result').dataset.status", timeout=60_000)
    spill = page.evaluate("""() => [...document.querySelectorAll('[data-testid=player-board] .tile:not(.blank)')].filter((tile) => {
      const range = document.createRange(); range.selectNodeContents(tile);
      const text = range.getBoundingClientRect(), box = tile.getBoundingClientRect();
      return text.left < box.left || text.right > box.right; }).map((tile) => tile.textContent)""")
    assert spill == []
    context.close()

    context.close()


@pytest.mark.parametrize("width, height", [(375, 740), (1280, 900)])
def test_on_a_7x7_the_hint_arrow_and_the_labels_stand_clear_of_the_numbers(browser, app_url, width, height):
    """On a 7x7, on a phone as on a wide screen, the hint's arrow is a good part of its tile (sized from it) and
    stands below the number, and each -1/+1 label stands above its tile's number, in the corner."""
    context, page = open_page(browser, app_url, width, height, "light")
    page.wait_for_function("window.__solver.state === 'ready'", timeout=60_000)
    load_game(page, 7, list(range(1, 49)) + [0])
    for direction in "rrrdd":
        page.evaluate("(d) => window.__app.game.play(d)", direction)
    page.get_by_test_id("judge-toggle").check()
    page.get_by_test_id("judge-labels").check()
    page.get_by_test_id("play-hint").click()
    page.wait_for_selector(".play-tile.is-hint", timeout=60_000)
    page.wait_for_selector(".play-tile[data-delta]:not(.is-hint)", timeout=60_000)
    sizes = page.evaluate("""() => {
      const size = (tile) => tile.getBoundingClientRect().width;
      const hint = document.querySelector('.play-tile.is-hint'), label = document.querySelector('.play-tile[data-delta]:not(.is-hint)');
      const after = (tile) => getComputedStyle(tile, '::after');
      const digitsOf = (tile) => { const range = document.createRange(); range.selectNodeContents(tile);
        const rect = range.getClientRects()[0], box = tile.getBoundingClientRect();
        return { top: rect.top - box.top, bottom: rect.bottom - box.top }; };
      const arrowFont = parseFloat(after(hint).fontSize), hintBox = hint.getBoundingClientRect();
      const arrowTop = hintBox.height - parseFloat(getComputedStyle(hint).borderBottomWidth) - parseFloat(after(hint).bottom) - arrowFont;
      return { arrow: arrowFont / size(hint), arrowTop, hintDigitsBottom: digitsOf(hint).bottom,
               labelTop: parseFloat(after(label).top), labelHeight: parseFloat(after(label).height),
               digitsTop: digitsOf(label).top }; }""")
    assert sizes["arrow"] >= 0.28, sizes                                       # over a quarter of the tile
    assert sizes["hintDigitsBottom"] <= sizes["arrowTop"], sizes               # the arrow below the number
    assert sizes["labelTop"] + sizes["labelHeight"] <= sizes["digitsTop"], sizes   # the label above the number
    context.close()


LOOK = "(e) => { const s = getComputedStyle(e); return [s.backgroundColor, s.color]; }"


def lightness(colour):
    return sum(int(v) for v in colour[colour.index("(") + 1:-1].split(",")[:3]) / 3


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_game_board_has_the_themes_tiles(browser, app_url, scheme):
    """The game's tiles follow the theme: light tiles with dark numbers in the light theme, and in the dark
    one Solve's board's dark tiles with light numbers (a plain tile and one in place alike), down to a
    finished game's board, where every tile is in place."""
    context, page = open_page(browser, app_url, 1280, 900, scheme)
    start = [8, 1, 3, 4, 0, 2, 7, 6, 5]                       # 8: neither in place nor movable; 3: in place
    load_game(page, 3, start)
    game = page.evaluate(f"() => [8, 3].map((t) => ({LOOK})(document.querySelector(`.play-tile[data-tile='${{t}}']`)))")
    solve = page.evaluate(f"""async (tiles) => {{
      const {{ renderBoard }} = await import('./solve/board.js');
      const board = renderBoard(document.body.appendChild(document.createElement('div')), tiles, 3);
      board.children[2].classList.add('home');                 // as Solve marks a tile in place
      const seen = [0, 2].map((cell) => ({LOOK})(board.children[cell]));
      board.remove();
      return seen; }}""", start)
    for (background, text), (solve_background, solve_text) in zip(game, solve):
        assert (lightness(background) < 100) == (scheme == "dark") and (lightness(text) > lightness(background)) == (scheme == "dark")
        if scheme == "dark":
            assert (background, text) == (solve_background, solve_text)
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8])
    page.evaluate("window.__app.game.play('l')")
    expect(page.get_by_test_id("play-result")).to_be_visible()
    finished = page.evaluate(f"() => [...document.querySelectorAll('.play-tile')].map({LOOK})")
    assert len(finished) == 8 and all(tile == game[1] for tile in finished), (finished, game[1])   # all as "3 in place"
    context.close()


NUMBER_SIZES = """() => [...document.querySelectorAll('[data-testid=play-board] .play-tile')]
    .map((tile) => parseFloat(getComputedStyle(tile).fontSize))"""
#: Whether the blank's cell is inside the board's frame, as drawn.
BLANK_IN_VIEW = """() => {
    const board = document.querySelector('[data-testid=play-board]'), frame = board.parentElement.getBoundingClientRect();
    const box = board.getBoundingClientRect(), side = box.width / Number(board.dataset.width), blank = Number(board.dataset.blank);
    const x = box.left + (blank % Number(board.dataset.width) + 0.5) * side, y = box.top + (Math.floor(blank / Number(board.dataset.width)) + 0.5) * side;
    return x > frame.left && x < frame.right && y > frame.top && y < frame.bottom;
}"""


def test_a_20x20_on_a_phone_zooms_to_numbers_of_10_px_that_follow_the_blank(browser, app_url):
    context, page = open_page(browser, app_url, 375, 740, "light", "#game")
    zoom = page.get_by_test_id("play-zoom")
    assert zoom.is_hidden()   # a 4x4 has numbers large enough
    load_game(page, 20, list(range(1, 400)) + [0])
    assert max(page.evaluate(NUMBER_SIZES)) < 10 and zoom.is_visible()
    zoom.click()
    assert min(page.evaluate(NUMBER_SIZES)) >= 10 and zoom.get_attribute("aria-pressed") == "true"
    frame = page.locator(".play-board-frame").bounding_box()
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= 375   # the page itself does not scroll sideways
    assert page.evaluate(BLANK_IN_VIEW)   # the blank, at the bottom right, is in view
    for key in ["ArrowRight"] * 12 + ["ArrowDown"] * 12:   # the blank goes up and left: the frame follows it
        page.keyboard.press(key)
    assert tiles_of(page).index(0) == 7 * 20 + 7 and page.evaluate(BLANK_IN_VIEW)
    page.reload()   # kept
    page.wait_for_function("window.__app && window.__app.viewReady")
    load_game(page, 20, list(range(1, 400)) + [0])
    page.wait_for_function("document.querySelector('.play').classList.contains('zoomed')")
    load_game(page, 4, list(range(1, 16)) + [0])
    assert page.get_by_test_id("play-zoom").is_hidden() and min(page.evaluate(NUMBER_SIZES)) >= 10
    context.close()
