"""Sharing by link (issue 4): the puzzle on screen is always in the URL fragment, the Share button copies
the link, a link opens exactly that puzzle in a fresh browser, and tampered links are refused safely.

Fragment forms:  #play=N:t,...[&goal=t,...][&moves=lrud...][&time=MS]   a game: its starting board, the
                                                              moves and the time played
                 #board=N:t,...[&goal=t,...][&h=heuristic]    a board for the solver
                 #words=start,goal[&dict=large]              a word ladder
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from puzzlesolver.board import Board


def tiles_of(page):
    return [int(t) for t in page.get_by_test_id("play-board").get_attribute("data-tiles").split(",")]


def wait_ready(page):
    page.wait_for_function(
        "document.querySelector('[data-testid=solver-status]')?.dataset.state === 'ready'", timeout=60_000)


def watch(page):
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))


@pytest.fixture
def fresh(browser):
    """A new browser context per call: nothing shared with the page that made the link."""
    contexts = []

    def open_page(url, boot=True, **options):
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        if not boot:                                         # the game alone: no need to boot Python
            page.route("**/pyodide/**", lambda route: route.abort())
        watch(page)
        page.goto(url)
        return page

    yield open_page
    for context in contexts:
        context.close()


def test_a_game_in_progress_round_trips_through_its_link(fresh, app_url):
    page = fresh(app_url + "#play=3:8,1,3,4,0,2,7,6,5", boot=False)
    page.locator("[data-testid=play-board] .play-tile").first.wait_for()
    for key in ("ArrowUp", "ArrowLeft", "ArrowDown"):
        page.keyboard.press(key)
    page.get_by_test_id("play-undo").click()                 # undo is part of the game, not of the link
    link = page.evaluate("location.href")
    assert re.search(r"#play=3:8,1,3,4,0,2,7,6,5&moves=ul&time=\d+$", link), link
    tiles = tiles_of(page)

    other = fresh(link)
    other.locator("[data-testid=play-board] .play-tile").first.wait_for()
    assert tiles_of(other) == tiles
    assert other.get_by_test_id("play-moves").text_content() == "2"
    other.get_by_test_id("play-restart").click()             # the starting board came along too
    assert tiles_of(other) == [8, 1, 3, 4, 0, 2, 7, 6, 5]
    assert other.evaluate("location.hash") == "#play=3:8,1,3,4,0,2,7,6,5"
    assert other.errors == []


def test_a_custom_goal_round_trips(fresh, app_url):
    link = app_url + "#play=3:1,2,3,4,5,6,7,8,0&goal=0,1,2,3,4,5,6,7,8"
    page = fresh(link)
    page.locator("[data-testid=play-board] .play-tile").first.wait_for()
    wait_ready(page)
    page.get_by_test_id("play-distance-button").click()
    page.wait_for_function("document.querySelector('[data-testid=play-distance]').textContent !== '?'",
                           timeout=60_000)
    assert page.get_by_test_id("play-distance").text_content() == "22"  # the engine: 1..8,0 -> 0..8 takes 22
    page.keyboard.press("ArrowDown")
    assert "&goal=0,1,2,3,4,5,6,7,8&moves=d" in page.evaluate("location.hash")


def test_a_tampered_link_opened_in_the_running_app_is_refused(app):
    page = app
    page.evaluate("(f) => { location.hash = f; }", "play=3:" + PAYLOADS[1])
    message = page.get_by_test_id("play-message")
    message.wait_for()
    assert message.text_content().startswith("This link could not be opened")
    page.wait_for_function("location.hash.startsWith('#play=') && !location.hash.includes('%3C')", timeout=30_000)
    assert Board.from_tiles(tiles_of(page)).is_solvable()


def test_a_refused_board_link_is_replaced_by_a_fresh_board_in_the_form(app):
    page = app
    page.evaluate("(f) => { location.hash = f; }", "board=3:1,2,3,4,5,6,7,8,9")
    expect(page.get_by_test_id("link-error")).to_contain_text("out of range")
    page.wait_for_function("document.getElementById('board').value.trim().split(/\\s+/).length === 9")
    tiles = [int(t) for t in page.get_by_test_id("board-input").input_value().split()]
    assert sorted(tiles) == list(range(9)) and Board.from_tiles(tiles).is_solvable()
    expect(page.get_by_test_id("link-error")).to_contain_text("out of range")  # the reason stays shown


REFUSED_BOARD_LINKS = [
    # (link, the reason the Solve view gives)
    ("board=3:", "the board in the link lists no tiles after '3:'."),
    ("board=3:8,1,3,4,0,2,7,6,5&goal=3:", "the goal in the link lists no tiles after '3:'."),
]


@pytest.mark.parametrize("fragment, reason", REFUSED_BOARD_LINKS)
def test_a_board_link_with_a_size_and_no_tiles_says_so(app, fragment, reason):
    """A board link cut after its size is refused in the link's own terms (not "the value '' in the board is
    not a whole number"), over a fresh board."""
    page = app
    page.evaluate("(f) => { location.hash = f; }", fragment)
    expect(page.get_by_test_id("link-error")).to_have_text(
        f"This link could not be opened, so here is a fresh board instead: {reason}")
    tiles = [int(t) for t in page.get_by_test_id("board-input").input_value().split()]
    assert sorted(tiles) == list(range(9)) and Board.from_tiles(tiles).is_solvable()


REFUSED_BOARD_LINK_SHAPES = [
    # (link, the shape of the fresh board the Solve view deals instead, as its link writes it: the link's own,
    # which the form takes)
    ("board=5:1,2", "5"), ("board=6:", "6"), ("board=4:1,2,3&goal=5:1", "4"), ("board=2:0,1,2,2", "2"),
    ("board=20:1", "20"), ("board=5x3:1,2", "5x3"), ("board=3x20:1", "3x20"), ("board=4x3:1,2&goal=3x4:1", "4x3"),
    ("board=2:1,2,0,3&h=Manhattan", "2"),
]


@pytest.mark.parametrize("fragment, shape", REFUSED_BOARD_LINK_SHAPES)
def test_a_refused_board_link_deals_a_fresh_board_of_the_shape_it_asked_for(app, fragment, shape):
    """A board link the Solve view cannot open leaves, under its reason, a fresh solvable board of the shape the
    link asked for (its FragmentError's size and height) when the form takes that shape, and that board's link
    in the address bar."""
    page = app
    page.evaluate("(f) => { location.hash = f; }", fragment)
    expect(page.get_by_test_id("link-error")).to_contain_text("here is a fresh board instead")
    width, height = map(int, shape.split("x")) if "x" in shape else (int(shape), int(shape))
    rows = [[int(t) for t in row.split()] for row in page.get_by_test_id("board-input").input_value().split("\n")]
    tiles = sum(rows, [])
    assert [len(row) for row in rows] == [width] * height and sorted(tiles) == list(range(width * height))
    assert Board.from_tiles(tiles, width=width).is_solvable()
    assert page.evaluate("location.hash") == f"#board={shape}:{','.join(map(str, tiles))}"


REFUSED_BOARD_LINKS_OF_NO_SHAPE_TAKEN = [
    # a link that named no shape the form takes (none, a side of 1 or more than 20): the form keeps its board
    "board=x:1", "board=:1", "board=1:0", "board=21:1", "board=200:1,2", "board=21x3:1", "board=3x21:1",
    "board=5y3:1",
]


@pytest.mark.parametrize("fragment", REFUSED_BOARD_LINKS_OF_NO_SHAPE_TAKEN)
def test_a_refused_board_link_of_no_shape_the_form_takes_keeps_the_forms_board(app, fragment):
    """Never a board of a size the link did not ask for: the board in the form stays, under the reason (no
    fresh board to speak of), and its own link goes back in the address bar."""
    page = app
    page.get_by_label("Board: one row per line").fill("1 2 3\n4 5 6\n7 0 8")
    page.wait_for_function("location.hash === '#board=3:1,2,3,4,5,6,7,0,8'", timeout=10_000)
    page.evaluate("(f) => { location.hash = f; }", fragment)
    expect(page.get_by_test_id("link-error")).to_contain_text(re.compile(r"^This link could not be opened: "))
    expect(page.get_by_test_id("board-input")).to_have_value("1 2 3\n4 5 6\n7 0 8")
    page.wait_for_function("location.hash === '#board=3:1,2,3,4,5,6,7,0,8'", timeout=10_000)


def test_a_refused_board_link_of_no_shape_the_form_takes_on_a_first_load_keeps_the_forms_first_board(fresh, app_url):
    page = fresh(app_url + "#board=21x3:" + ",".join(map(str, range(63))), boot=False)
    expect(page.get_by_test_id("link-error")).to_have_text(
        "This link could not be opened: boards up to 20x20 are supported (each side 2 to 20); this board is 21x3.")
    expect(page.get_by_test_id("board-input")).to_have_value("8 1 3\n4 0 2\n7 6 5")
    assert "21x3" not in page.evaluate("location.hash")
    assert page.errors == []


def test_solver_links_load_before_python_has_booted(fresh, app_url):
    page = fresh(app_url + "#board=3:1,3,4,8,6,2,7,0,5&goal=1,2,3,8,0,4,7,6,5&h=linear-conflict", boot=False)
    expect(page.get_by_test_id("board-input")).to_have_value("1 3 4\n8 6 2\n7 0 5")
    expect(page.get_by_test_id("goal-input")).to_have_value("1 2 3\n8 0 4\n7 6 5")
    expect(page.get_by_test_id("heuristic")).to_have_value("linear-conflict")
    page.evaluate("location.hash = 'words=Cold,warm&dict=large'")
    expect(page.get_by_test_id("start-word")).to_have_value("cold")
    expect(page.get_by_test_id("goal-word")).to_have_value("warm")
    expect(page.get_by_test_id("dictionary")).to_have_value("large")
    page.evaluate("location.hash = 'board=3:1,2,3'")
    expect(page.get_by_test_id("link-error")).to_have_text(
        "This link could not be opened, so here is a fresh board instead: a 3x3 board needs 9 tiles, not 3.")
    tiles = [int(t) for t in page.get_by_test_id("board-input").input_value().split()]
    assert sorted(tiles) == list(range(9)) and Board.from_tiles(tiles).is_solvable()
    assert page.get_by_test_id("solver-status").get_attribute("data-state") != "ready"
    assert page.errors == []


def test_share_button_copies_the_link(fresh, app_url):
    page = fresh(app_url + "#play=4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", boot=False,
                 permissions=["clipboard-read", "clipboard-write"])
    page.locator("[data-testid=play-board] .play-tile").first.wait_for()
    page.keyboard.press("ArrowLeft")
    page.get_by_test_id("play-share").click()
    page.wait_for_function("document.querySelector('[data-testid=play-live]').textContent.includes('copied')")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.evaluate("location.href") and copied.endswith("&moves=l&time=0")   # one action: no time between
    assert page.get_by_test_id("play-share-link").input_value() == copied


def test_share_falls_back_to_a_selected_link_without_the_clipboard(fresh, app_url):
    page = fresh(app_url + "#play=3:1,2,3,4,5,6,7,0,8", boot=False)
    page.locator("[data-testid=play-board] .play-tile").first.wait_for()
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true});"
                  "document.execCommand = () => false;")
    page.get_by_test_id("play-share").click()
    field = page.get_by_test_id("play-share-link")
    assert field.is_visible() and field.input_value() == page.evaluate("location.href")
    assert page.evaluate("document.activeElement.dataset.testid") == "play-share-link"
    assert page.evaluate("(() => { const f = document.activeElement; return f.selectionEnd - f.selectionStart; })()") \
        == len(field.input_value())
    assert "Copy the selected link" in page.get_by_test_id("play-live").text_content()


def test_the_solver_form_is_reflected_in_the_link(fresh, app_url):
    page = fresh(app_url)
    wait_ready(page)
    page.get_by_test_id("view-solve").click()
    page.get_by_test_id("board-input").fill("2 0 3\n1 5 6\n4 7 8")
    page.get_by_test_id("use-goal").check()
    page.get_by_test_id("goal-input").fill("0 1 2\n3 4 5\n6 7 8")
    page.get_by_test_id("heuristic").select_option("hamming")
    page.wait_for_function("location.hash === '#board=3:2,0,3,1,5,6,4,7,8&goal=0,1,2,3,4,5,6,7,8&h=hamming'",
                           timeout=30_000)
    other = fresh(page.evaluate("location.href"))
    wait_ready(other)
    other.wait_for_function("document.querySelector('[data-testid=board-input]').value.trim() !== ''")
    assert other.get_by_test_id("board-input").input_value().split() == "2 0 3 1 5 6 4 7 8".split()
    assert other.get_by_test_id("goal-input").input_value().split() == "0 1 2 3 4 5 6 7 8".split()
    assert other.get_by_test_id("heuristic").input_value() == "hamming"
    other.get_by_test_id("solve").click()
    other.wait_for_function("/^\\d+$/.test(document.querySelector('[data-testid=moves]').textContent)",
                            timeout=60_000)

    page.get_by_test_id("mode-words").check()
    page.get_by_test_id("start-word").fill("cold")
    page.get_by_test_id("goal-word").fill("warm")
    page.get_by_test_id("dictionary").select_option("large")
    page.wait_for_function("location.hash === '#words=cold,warm&dict=large'", timeout=30_000)
    words = fresh(page.evaluate("location.href"))
    wait_ready(words)
    words.wait_for_function("document.querySelector('[data-testid=start-word]').value === 'cold'")
    assert words.get_by_test_id("goal-word").input_value() == "warm"
    assert words.get_by_test_id("dictionary").input_value() == "large"

    # playing the game makes the game the puzzle on screen, and the link follows it
    page.get_by_test_id("view-game").click()
    page.get_by_test_id("play-new").click()
    page.wait_for_function("location.hash.startsWith('#play=4:')", timeout=30_000)
    # ... until the form's own Share button shares the form's puzzle again
    page.get_by_test_id("view-ladders").click()
    page.get_by_test_id("share").click()
    page.wait_for_function("location.hash === '#words=cold,warm&dict=large'", timeout=30_000)
    page.wait_for_function("document.querySelector('[data-testid=share-note]').textContent !== ''")
    note = page.get_by_test_id("share-note").text_content()
    assert note == "Link copied." or note == "Copy this link: " + page.evaluate("location.href")


PAYLOADS = [
    "<script>window.__pwned=1</script>",
    "<img src=x onerror=\"window.__pwned=1\">",
    "%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E",
    "\"><svg onload=window.__pwned=1>",
]

TAMPERED_PLAY = [
    "play=3:1,2,3,4,5,6,8,7,0",                       # cannot reach the goal
    "play=3:1,2,3,4,5,6,7,8",                         # a tile short
    "play=3:1,2,3,4,5,6,7,8,8",                       # a tile twice
    "play=99:1,2,3",                                  # no such size
    "play=3:1,2,3,4,5,6,7,8,0&moves=uuuu",            # moves that cannot be played
    "play=3:1,2,3,4,5,6,7,8,0&moves=xyz",
    "play=3:1,2,3,4,5,6,7,8,0&goal=1,2",
    "play=3:1,2,3,4,5,6,7,8,0&evil=1",
    "play=3:%E0%A4%A",                                # broken percent-encoding
] + [f"play=3:{p}" for p in PAYLOADS] + [f"play=3:1,2,3,4,5,6,7,8,0&moves={p}" for p in PAYLOADS]


@pytest.fixture(scope="module")
def light_page(browser):
    """One page for the game alone (Python held back), loaded afresh for each link."""
    context = browser.new_context()
    page = context.new_page()
    page.route("**/pyodide/**", lambda route: route.abort())
    watch(page)
    yield page
    context.close()


@pytest.mark.parametrize("fragment", TAMPERED_PLAY)
def test_a_tampered_game_link_is_refused_safely(light_page, app_url, fragment):
    page = light_page
    page.goto("about:blank")
    page.dialogs.clear()
    page.errors.clear()
    page.goto(f"{app_url}#{fragment}")
    message = page.get_by_test_id("play-message")
    message.wait_for()
    text = message.text_content()
    assert text.startswith("This link could not be opened, so here is a fresh puzzle instead: ")
    assert message.locator("*").count() == 0                 # text only, never markup from the URL
    tiles = tiles_of(page)                                   # a fresh, solvable puzzle instead
    assert Board.from_tiles(tiles).is_solvable()
    n = round(len(tiles) ** 0.5)
    page.keyboard.press("ArrowLeft") if tiles.index(0) % n != n - 1 else page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash").startswith(f"#play={n}:")   # the refused link is gone from the bar
    assert message.is_hidden()                                     # and its message once play goes on
    assert_nothing_ran(page)


REFUSED_PLAY_LINKS = [
    # (link, the reason the message gives, the shape of the fresh puzzle dealt instead, as its link writes it)
    ("play=3:", "the game in the link lists no tiles after '3:'.", "3"),
    ("play=3", "the game in the link must look like 'play=3:8,1,3,4,0,2,7,6,5'.", "3"),
    ("play=5:1,2", "a 5x5 board needs 25 tiles, not 2.", "5"),
    ("daily=2026-02-30", "'2026-02-30' is not a date: February 2026 has 28 days.", "4"),
    ("daily=2026-13-01&n=3", "'2026-13-01' is not a date: months run from 01 to 12.", "3"),
    ("daily=2026-04-31&n=5", "'2026-04-31' is not a date: April 2026 has 30 days.", "5"),
    ("daily=2026-00-10", "'2026-00-10' is not a date: months run from 01 to 12.", "4"),
    ("play=5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24&moves=xyz",
     "the moves must be letters l, r, u and d.", "5"),
    ("daily=soon&n=6", "a daily puzzle's link looks like 'daily=2026-11-23&n=4'.", "6"),
    ("play=99:1,2", "boards up to 20x20 are supported; this board is 99x99.", "4"),   # no 99x99 game: the usual size
    ("play=21x3:1,2,3", "boards up to 20x20 are supported (each side 2 to 20); this board is 21x3.", "4"),
    # a refused rectangle: never a square of its width
    ("play=3x21:1,2,3", "boards up to 20x20 are supported (each side 2 to 20); this board is 3x21.", "4"),
    ("play=5x3:1,2", "a 5x3 board needs 15 tiles, not 2.", "5x3"),          # a shape the game plays: that shape
    ("play=5x3:1,2,3,4,5,6,7,8,9,10,11,12,13,0,14&moves=q", "the moves must be letters l, r, u and d.", "5x3"),
    ("play=5y3:1,2", "the board size '5y3' in the link is not a whole number.", "4"),
]

REFUSED_LINK_SIZES = [
    # (link, the size its refusal carries: what the parser had read before refusing, else None)
    ("play=3:", 3), ("play=3", 3), ("play=5:1,2", 5), ("play=99:1,2", 99), ("play=x:1", None), ("play=:1", None),
    ("play=4:1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0", 4), ("board=6:1,1", 6), ("board=3:1&goal=4:1", 3),
    ("words=horse", None), ("foo=1", None),
    ("daily=2026-02-30&n=5", 5), ("daily=2026-02-30", 4), ("daily=soon&n=6", 6), ("daily=2026-01-01&n=9", 9),
    ("daily=2026-01-01&x=1", None),
]

REFUSED_LINK_SHAPES = [
    # (link, the [width, height] its refusal carries: the board's shape once read, else [None, None])
    ("play=5x3:1,2", [5, 3]), ("play=3x21:1,2", [3, 21]), ("play=21x3:1,2", [21, 3]), ("play=5x3:", [5, 3]),
    ("play=5x3:1,2,3,4,5,6,7,8,9,10,11,12,13,0,14&time=x", [5, 3]), ("play=4x3:1,2&goal=3x4:1", [4, 3]),
    ("play=3:", [3, 3]), ("play=3", [3, 3]), ("play=99:1", [99, 99]), ("play=5y3:1", [None, None]),
    ("board=2:1,2,0,3&h=Manhattan", [2, 2]), ("board=5x3:1,2", [5, 3]), ("board=5y3:1", [None, None]),
    ("daily=2026-02-30&n=5", [5, 5]), ("daily=2026-01-01&x=1", [None, None]),
]


def test_a_refused_link_carries_the_size_it_asked_for(light_page, app_url):
    """links.js's FragmentError says the board size the parser had read (``size``, null when none), so that the
    game deals a fresh puzzle of that size without reading the link again."""
    page = light_page
    page.goto(app_url)
    sizes = page.evaluate("""async (links) => {
      const { FragmentError, parseDaily, parseFragment } = await import("/core/links.js");
      return links.map((link) => {
        try { (link.startsWith("daily=") ? parseDaily : parseFragment)(link); return "opened"; }
        catch (error) { return error instanceof FragmentError ? error.size : String(error); }
      });
    }""", [link for link, _ in REFUSED_LINK_SIZES])
    assert dict(zip([link for link, _ in REFUSED_LINK_SIZES], sizes)) == dict(REFUSED_LINK_SIZES)


def test_a_refused_link_carries_the_shape_it_asked_for(light_page, app_url):
    """A rectangle's refusal carries its height too (FragmentError's ``height``; a square's is its size), so that
    the game deals a fresh puzzle of the link's shape, or keeps its own when the game plays no such shape."""
    page = light_page
    page.goto(app_url)
    shapes = page.evaluate("""async (links) => {
      const { FragmentError, parseDaily, parseFragment } = await import("/core/links.js");
      return links.map((link) => {
        try { (link.startsWith("daily=") ? parseDaily : parseFragment)(link); return "opened"; }
        catch (error) { return error instanceof FragmentError ? [error.size, error.height] : String(error); }
      });
    }""", [link for link, _ in REFUSED_LINK_SHAPES])
    assert dict(zip([link for link, _ in REFUSED_LINK_SHAPES], shapes)) == dict(REFUSED_LINK_SHAPES)


@pytest.mark.parametrize("fragment, reason, shape", REFUSED_PLAY_LINKS)
def test_a_refused_game_or_daily_link_says_why_and_deals_its_shape(light_page, app_url, fragment, reason, shape):
    """A game or daily link the game cannot open on the page's first load (a malformed board, a date no
    calendar has) is not used: the player sees one sentence saying why, over a fresh puzzle of the shape the
    link asked for when the game plays that shape, else of the usual 4x4."""
    page = light_page
    page.goto("about:blank")
    page.goto(f"{app_url}#{fragment}")
    message = page.get_by_test_id("play-message")
    expect(message).to_be_visible()
    assert message.text_content() == f"This link could not be opened, so here is a fresh puzzle instead: {reason}"
    width, height = map(int, shape.split("x")) if "x" in shape else (int(shape), int(shape))
    board = page.get_by_test_id("play-board")
    assert (int(board.get_attribute("data-width")), int(board.get_attribute("data-height"))) == (width, height)
    assert Board.from_tiles(tiles_of(page), width=width).is_solvable()
    assert page.evaluate("location.hash").startswith(f"#play={shape}:")    # the refused link left the bar


def test_a_real_date_opens_its_daily_puzzle(light_page, app_url):
    page = light_page
    page.goto("about:blank")
    page.goto(f"{app_url}#daily=2028-02-29&n=3")                       # a leap day
    page.wait_for_function("window.__app && window.__app.viewReady")
    assert page.get_by_test_id("play-message").is_hidden()
    assert len(tiles_of(page)) == 9


@pytest.mark.parametrize("fragment", [f"board=3:{p}" for p in PAYLOADS[:2]] +
                         [f"words={p},nurse" for p in PAYLOADS[:2]] +
                         ["board=3:1,2,3,4,5,6,7,8,0&goal=" + PAYLOADS[1], "words=horse,nurse&dict=" + PAYLOADS[0]])
def test_a_tampered_solver_link_is_refused_safely(app, fragment):
    page = app                                               # opened through hashchange: no new boot per link
    if not hasattr(page, "dialogs"):
        watch(page)
    page.evaluate("for (const e of document.querySelectorAll('.error')) e.textContent = ''")
    page.evaluate("(f) => { location.hash = f; }", fragment)
    page.wait_for_function("!document.getElementById('board-note')?.textContent.includes('Loading')", timeout=30_000)
    page.wait_for_timeout(300)
    if fragment.startswith("words="):                       # a word pair is only text in a field until solved
        page.get_by_test_id("solve").click()
    page.wait_for_function("""() => [...document.querySelectorAll('.error, [data-testid=link-error]')]
                              .some((e) => e.textContent.trim() !== '')""", timeout=30_000)
    assert Board.from_tiles(tiles_of(page)).is_solvable()     # the game is there and playable
    assert_nothing_ran(page)


def assert_nothing_ran(page):
    page.wait_for_timeout(300)                               # give an injected onerror/onload its chance
    assert page.evaluate("window.__pwned") is None
    assert page.dialogs == [] and page.errors == []
    assert page.evaluate("document.querySelectorAll('[onerror], [onload], img, iframe, object, embed').length") == 0
    # the page's two scripts only: main.js, and the one line that hides the views until the router picks one
    assert page.evaluate("""[...document.scripts].every((s) => s.src.endsWith('/main.js') ||
                            (!s.src && s.textContent.includes('classList.add("routing")')))""")
