"""Solve types (issue 35, item 4): a marathon and the relays end in one result, one time and one solve in statistics
of their own; blind hides the tiles once started and a wrong "Done" is a DNF; fewest moves names the optimum and the
moves wasted; the type and its length are kept across a reload, and a marathon cut by a reload goes on.  The boards are solved by the engine's own optimal
solutions, played through the game's hooks."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from player_helpers import load_game, play, stored, tiles_of, wait_solver

from puzzlesolver import BoardPuzzle, solve

STEPS = {1: "l", -1: "r"}   # the blank's step to the next cell -> the way the tile it meets slides


def solution(tiles):
    """An optimal solution of a square board, as the game's letters (the way a tile moves)."""
    n = round(len(tiles) ** 0.5)
    blank, letters = tiles.index(0), []
    for cell in solve(BoardPuzzle(n, tuple(tiles))).blank_path:
        step = cell - blank
        letters.append(STEPS.get(step) or ("u" if step == n else "d"))
        blank = cell
    return "".join(letters)


def solve_board(page):
    """Solve the board on screen; the shape it had."""
    board = page.get_by_test_id("play-board")
    shape = (int(board.get_attribute("data-width")), int(board.get_attribute("data-height")))
    for letter in solution(tiles_of(page)):
        play(page, letter)
    return shape


def choose(page, mode, length=None):
    page.get_by_test_id("play-mode").select_option(mode)
    if length is not None:
        field = page.get_by_test_id("play-mode-length")
        field.fill(str(length))
        field.press("Enter")
    if mode != "single":   # the run begun: its type (and length) on the game's section
        run = mode if length is None else f"{mode}-{length}"
        page.wait_for_function("(run) => document.querySelector('.play').dataset.run === run", arg=run)


@pytest.fixture
def fresh(browser, app_url):
    """A page of its own (its own storage) on the Play view; no solver (a run needs none)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    page.route("**/pyodide/**", lambda route: route.abort())
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    yield page
    assert page.errors == []
    context.close()


def test_a_2x2_marathon_of_2_ends_in_one_result_with_one_time_kept_once_in_its_own_statistics(fresh):
    page = fresh
    load_game(page, 2, [1, 2, 0, 3], origin="deal")   # a single 2x2 first: the marathon's are kept apart from it
    play(page, "l")
    choose(page, "marathon", 2)
    expect(page.get_by_test_id("play-caption")).to_have_text("Marathon of 2: board 1 of 2 (2×2)")
    assert solve_board(page) == (2, 2)
    expect(page.get_by_test_id("play-caption")).to_have_text("Marathon of 2: board 2 of 2 (2×2)")
    assert page.get_by_test_id("play-result").is_hidden()   # no result between the boards
    solve_board(page)
    result = page.get_by_test_id("mode-result")
    expect(result).to_be_visible()
    assert "Marathon of 2 done!" in page.get_by_test_id("play-result").text_content()
    assert result.get_attribute("data-boards") == "2"
    time_ms = int(result.get_attribute("data-time-ms"))
    expect(page.locator("[data-testid=play-result] strong")).to_have_count(1)   # one result
    page.wait_for_function("""async () => (await (await import('./core/store.js')).pageStore()).all('solves')
        .then((all) => all.length === 2)""")
    solves = stored(page, "solves")
    marathon = [s for s in solves if s.get("type") == "marathon-2"]
    assert len(marathon) == 1 and marathon[0]["shape"] == "2x2" and marathon[0]["time"] == time_ms
    assert len([s for s in solves if "type" not in s]) == 1   # the single stays a single
    replays = stored(page, "replays")
    run = [r for r in replays if r.get("run")]
    assert len(run) == 1 and len(run[0]["run"]["boards"]) == 2 and run[0]["run"]["timeMs"] == time_ms
    assert marathon[0]["replay"] == run[0]["id"]

    page.locator("[data-testid=stats-panel] summary").click()
    menu = page.get_by_test_id("stats-shape")
    expect(menu.locator("option")).to_have_text(["2×2", "Marathon of 2, 2×2"])
    expect(page.get_by_test_id("stats-solves")).to_have_text("1 solve on Marathon of 2, 2×2")
    menu.select_option("2x2")
    expect(page.get_by_test_id("stats-solves")).to_have_text("1 solve on 2×2")

    page.locator("[data-testid=replay-panel] summary").click()
    item = page.locator("[data-testid=replay-list] li[data-type='marathon-2']")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Marathon of 2, 2×2")
    item.get_by_test_id("replay-item").click()
    expect(page.get_by_test_id("replay-run-board")).to_have_text("Board 1 of 2")
    page.get_by_test_id("replay-run-next").click()
    expect(page.get_by_test_id("replay-run-board")).to_have_text("Board 2 of 2")


def test_a_2_3_relay_ends_in_one_result(fresh):
    page = fresh
    choose(page, "relay", 3)
    assert solve_board(page) == (3, 3)
    expect(page.get_by_test_id("play-caption")).to_have_text("Relay 2–3: board 2 of 2 (2×2)")
    assert solve_board(page) == (2, 2)
    expect(page.get_by_test_id("mode-result")).to_be_visible()
    assert page.get_by_test_id("mode-result").get_attribute("data-boards") == "2"
    page.wait_for_function("""async () => (await (await import('./core/store.js')).pageStore()).all('solves')
        .then((all) => all.length === 1)""")
    assert [(s["type"], s["shape"]) for s in stored(page, "solves")] == [("relay-3", "3x3")]


@pytest.mark.parametrize("mode, boards", [("width-relay", [(3, 3), (2, 3)]), ("height-relay", [(3, 3), (3, 2)])])
def test_width_and_height_relays_narrow_one_side_down_to_2(fresh, mode, boards):
    page = fresh
    choose(page, mode, 3)
    shapes = []
    for _ in boards:
        board = page.get_by_test_id("play-board")
        shapes.append((int(board.get_attribute("data-width")), int(board.get_attribute("data-height"))))
        tiles, width = tiles_of(page), shapes[-1][0]
        for letter in rectangle_solution(tiles, width):
            play(page, letter)
    assert shapes == boards
    expect(page.get_by_test_id("mode-result")).to_be_visible()


def rectangle_solution(tiles, width):
    """A shortest solution of a small W x H board, by breadth-first search (the game's letters)."""
    goal = tuple(list(range(1, len(tiles))) + [0])
    start, seen, queue = tuple(tiles), {tuple(tiles): ""}, [tuple(tiles)]
    for board in queue:
        if board == goal:
            return seen[board]
        blank = board.index(0)
        for letter, step in (("l", 1), ("r", -1), ("u", width), ("d", -width)):
            cell = blank + step
            if not 0 <= cell < len(board) or (abs(step) == 1 and cell // width != blank // width):
                continue
            after = list(board)
            after[blank], after[cell] = after[cell], 0
            after = tuple(after)
            if after not in seen:
                seen[after] = seen[board] + letter
                queue.append(after)
    raise AssertionError(f"no solution from {start}")


def test_blind_hides_the_tiles_after_start_and_a_wrong_done_is_a_dnf(fresh):
    page = fresh
    page.get_by_test_id("play-size").select_option("3")
    choose(page, "blind")
    tile = page.locator("[data-testid=play-board] .play-tile").first
    shown = tile.evaluate("(t) => getComputedStyle(t).color")
    assert shown != "rgba(0, 0, 0, 0)"
    expect(page.get_by_test_id("play-mode-done")).to_be_disabled()
    assert page.get_by_test_id("play-timer").text_content() == "0.000"
    page.wait_for_timeout(300)
    assert page.get_by_test_id("play-timer").text_content() == "0.000"   # memorising: no clock
    page.get_by_test_id("play-mode-start").click()
    expect(page.get_by_test_id("play-mode-start")).to_be_hidden()
    assert tile.evaluate("(t) => getComputedStyle(t).color") == "rgba(0, 0, 0, 0)"   # numbers hidden
    colours = page.locator("[data-testid=play-board] .play-tile").evaluate_all(
        "(tiles) => [...new Set(tiles.map((t) => getComputedStyle(t).backgroundColor))]")
    assert len(colours) == 1   # one face for every tile: no colour scheme, no "in place" shade tells them apart
    page.wait_for_function("document.querySelector('[data-testid=play-timer]').textContent !== '0.000'")   # running
    letters = solution(tiles_of(page))
    for letter in letters[:-1]:   # one move short of the goal
        play(page, letter)
    page.get_by_test_id("play-mode-done").click()
    expect(page.get_by_test_id("mode-dnf")).to_be_visible()
    assert "DNF" in page.get_by_test_id("play-result").text_content()
    edge = "(element) => getComputedStyle(element).borderLeftColor"
    assert page.get_by_test_id("play-result").evaluate(edge) == page.get_by_test_id("play-message").evaluate(edge)   # told as a fault
    assert tile.evaluate("(t) => getComputedStyle(t).color") != "rgba(0, 0, 0, 0)"   # shown again, as left
    assert page.evaluate("window.__app.game.play('l') || window.__app.game.play('r')") is False   # closed
    expect_dnf_kept(page)


def expect_dnf_kept(page):
    """The blind DNF is one solve of the blind statistics, marked DNF, with no replay."""
    for _ in range(50):
        solves = stored(page, "solves")
        if solves:
            break
        page.wait_for_timeout(100)
    assert [(s.get("type"), s.get("penalty"), s.get("replay")) for s in solves] == [("blind", "dnf", None)]


def test_blind_solved_then_done_is_kept_as_a_blind_solve(fresh):
    page = fresh
    page.get_by_test_id("play-size").select_option("2")
    choose(page, "blind")
    solve_board(page)   # the first move starts the clock and hides the tiles
    assert page.get_by_test_id("play-result").is_hidden()   # at the goal, nothing says so until "Done"
    page.get_by_test_id("play-mode-done").click()
    expect(page.get_by_test_id("mode-result")).to_be_visible()
    page.wait_for_function("""async () => (await (await import('./core/store.js')).pageStore()).all('solves')
        .then((all) => all.length === 1)""")
    assert [(s["type"], s["shape"]) for s in stored(page, "solves")] == [("blind", "2x2")]


def test_blinds_done_has_a_key_e_said_on_its_button(fresh):
    """E ends a blind solve as Done does, once the tiles are hidden (no other action has E: keymap.js); the button
    says its key."""
    page = fresh
    page.get_by_test_id("play-size").select_option("2")
    choose(page, "blind")
    done = page.get_by_test_id("play-mode-done")
    expect(done).to_have_text("Done (E)")
    assert done.get_attribute("aria-keyshortcuts") == "E"
    page.keyboard.press("e")   # memorising: nothing to end yet
    assert page.locator(".play").get_attribute("data-blind") == "memorise"
    page.get_by_test_id("play-mode-start").click()
    solve_board(page)
    page.keyboard.press("e")
    expect(page.get_by_test_id("mode-result")).to_be_visible()
    page.wait_for_function("""async () => (await (await import('./core/store.js')).pageStore()).all('solves')
        .then((all) => all.length === 1)""")
    assert [(s["type"], s["shape"]) for s in stored(page, "solves")] == [("blind", "2x2")]


def test_the_e_key_does_nothing_in_a_single_solve(fresh):
    page = fresh
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8], origin="deal")
    page.get_by_test_id("play-board").focus()
    page.keyboard.press("e")
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 7, 0, 8] and page.get_by_test_id("play-result").is_hidden()


def test_on_a_phone_blinds_start_and_done_are_in_view_above_the_board_which_does_not_move(browser, app_url):
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="block")
    page = context.new_page()
    page.route("**/pyodide/**", lambda route: route.abort())
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.get_by_test_id("play-size").select_option("3")
    board = page.get_by_test_id("play-board").bounding_box()
    choose(page, "blind")
    page.evaluate("scrollTo(0, 0)")
    assert page.get_by_test_id("play-board").bounding_box() == board
    for testid in ("play-mode-start", "play-mode-done"):
        button = page.get_by_test_id(testid).bounding_box()
        assert 0 <= button["y"] and button["y"] + button["height"] <= board["y"], testid   # above the board, in view
    context.close()


def test_a_marathon_cut_by_reloads_goes_on_from_its_board_and_ends_in_one_result_with_no_free_time(fresh):
    """A reload mid-run loses nothing: the boards solved before it, the board on screen with its moves, and the clock,
    which runs through the reload (a solve's time is wall time), on a board under way as between two boards."""
    page = fresh
    page.get_by_test_id("play-size").select_option("3")
    choose(page, "marathon", 3)
    caption = page.get_by_test_id("play-caption")

    def reload():
        page.wait_for_timeout(500)   # the game's link and the run kept
        page.reload()
        page.wait_for_function("window.__app && window.__app.viewReady")

    began = time.monotonic()
    solve_board(page)
    solved_first = time.monotonic()
    expect(caption).to_have_text("Marathon of 3: board 2 of 3 (3×3)")
    play(page, solution(tiles_of(page))[0])   # board 2 under way (a 3x3 scramble one move from its goal: 2 in 181,439)
    under_way = tiles_of(page)
    reload()
    expect(caption).to_have_text("Marathon of 3: board 2 of 3 (3×3)")
    assert tiles_of(page) == under_way
    solve_board(page)
    expect(caption).to_have_text("Marathon of 3: board 3 of 3 (3×3)")
    reload()                                  # between two boards: board 3 dealt, not begun, its clock running
    expect(caption).to_have_text("Marathon of 3: board 3 of 3 (3×3)")
    back = time.monotonic()
    solve_board(page)
    ended = time.monotonic()
    result = page.get_by_test_id("mode-result")
    expect(result).to_be_visible()
    assert result.get_attribute("data-boards") == "3"
    time_ms = int(result.get_attribute("data-time-ms"))
    assert (back - solved_first) * 1000 <= time_ms <= (ended - began) * 1000, (time_ms, back - solved_first, ended - began)
    page.wait_for_function("""async () => (await (await import('./core/store.js')).pageStore()).all('solves')
        .then((all) => all.length === 1)""")
    assert [(s["type"], s["time"]) for s in stored(page, "solves")] == [("marathon-3", time_ms)]
    runs = [r["run"] for r in stored(page, "replays") if r.get("run")]
    assert len(runs) == 1 and len(runs[0]["boards"]) == 3 and runs[0]["timeMs"] == time_ms


def test_a_relay_cut_by_a_reload_between_its_boards_goes_on_with_its_smaller_board(fresh):
    page = fresh
    choose(page, "relay", 3)
    caption = page.get_by_test_id("play-caption")
    expect(caption).to_have_text("Relay 2–3: board 1 of 2 (3×3)")
    assert solve_board(page) == (3, 3)
    expect(caption).to_have_text("Relay 2–3: board 2 of 2 (2×2)")
    page.wait_for_timeout(500)   # the game's link and the run kept
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    expect(caption).to_have_text("Relay 2–3: board 2 of 2 (2×2)")
    assert solve_board(page) == (2, 2)
    result = page.get_by_test_id("mode-result")
    expect(result).to_be_visible()
    assert result.get_attribute("data-boards") == "2"
    page.wait_for_function("""async () => (await (await import('./core/store.js')).pageStore()).all('solves')
        .then((all) => all.length === 1)""")
    runs = [r["run"] for r in stored(page, "replays") if r.get("run")]
    assert len(runs) == 1 and [(b["width"], b["height"]) for b in runs[0]["boards"]] == [(3, 3), (2, 2)]


def test_the_type_and_its_length_are_kept_across_a_reload(fresh):
    page = fresh
    page.get_by_test_id("play-size").select_option("3")
    choose(page, "marathon", 42)
    expect(page.get_by_test_id("play-caption")).to_have_text("Marathon of 42: board 1 of 42 (3×3)")
    page.wait_for_timeout(300)   # the setting written
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    expect(page.get_by_test_id("play-mode")).to_have_value("marathon")
    expect(page.get_by_test_id("play-mode-length")).to_have_value("42")
    expect(page.get_by_test_id("play-caption")).to_contain_text("Marathon of 42: board 1 of 42")
    field = page.get_by_test_id("play-mode-length")
    field.fill("1")
    field.press("Enter")
    assert "2 to 1000" in field.evaluate("(f) => f.validationMessage")
    choose(page, "single")
    expect(page.get_by_test_id("play-caption")).to_be_hidden()


def test_fewest_moves_names_the_optimum_and_the_waste_for_a_3x3(app):
    page = app
    wait_solver(page)
    page.get_by_test_id("play-size").select_option("3")
    choose(page, "fewest", 60)
    expect(page.get_by_test_id("play-caption")).to_contain_text("s left")
    best = solution(tiles_of(page))
    if page.evaluate("window.__app.game.play('l')"):   # a move and its way back: two moves wasted
        play(page, "r")
    else:
        play(page, "r")
        play(page, "l")
    for letter in best:
        play(page, letter)
    expect(page.get_by_test_id("mode-optimal")).to_have_text(str(len(best)), timeout=60_000)
    expect(page.get_by_test_id("mode-wasted")).to_have_text("2")
    assert "Fewest moves: solved!" in page.get_by_test_id("play-result").text_content()
    expect(page.locator("[data-testid=analysis] h3")).to_have_text("The last board (3×3)")   # a run's: its last board
    choose(page, "single")
